/**
 * A mail's letter: the greeting names the person as the language writes a name, then the body
 * and the hospital's signature.
 */
import { describe, expect, it } from 'vitest';
import { letter } from './appointment-mail';

describe('a letter', () => {
  it('greets in Thai with a space between คุณ and a name in Latin script', () => {
    const text = letter('th', 'Somchai Boonmee', 'ยืนยันการนัดหมาย');
    expect(text.split('\n')[0]).toBe('เรียน คุณ Somchai Boonmee');
    expect(text).toContain('ยืนยันการนัดหมาย');
  });

  it('greets in English by name', () => {
    expect(letter('en', 'Somchai Boonmee', 'Booked.').split('\n')[0]).toBe('Dear Somchai Boonmee,');
  });
});
