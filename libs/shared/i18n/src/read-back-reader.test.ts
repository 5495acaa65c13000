import { describe, expect, it, vi } from 'vitest';
// The runtime itself, not the index (which re-exports the reader for the server and the tools).
import type { Pack } from './lib/packs';
import { activateLocale, requirePack, translateEnglish } from './lib/runtime';
import { textKey } from './lib/text-key';

// Counts the imports of the whole reader (lib/read-back.ts), which a first paint that reads
// back whole texts only does without (addReadBack in lib/runtime.ts).
const reader = vi.hoisted(() => ({ imports: 0 }));
vi.mock('./lib/read-back', async (importOriginal) => {
  reader.imports += 1;
  return importOriginal();
});

describe('reading the contract’s English back in Thai', () => {
  it('reads whole texts with the frame’s table alone, and texts with values once a table brings patterns', async () => {
    // The app's start in Thai: its base pack carries the frame's table (whole texts only; HR's
    // with its section's links).
    await activateLocale('th', 'hr');
    expect(translateEnglish('Add Employee')).toBe('เพิ่มพนักงาน');
    expect(translateEnglish('Token expired')).toBe('เซสชันหมดอายุ');
    // A text no table holds stays as it came.
    expect(translateEnglish('Booked by Dr. Somchai')).toBe('Booked by Dr. Somchai');
    expect(reader.imports).toBe(0);

    // A page's pack whose table has a pattern (as the access log's actors): the reader comes.
    const pack: Pack = {
      en: () => Promise.resolve({ messages: {} }),
      th: () =>
        Promise.resolve({
          messages: {},
          readBack: {
            exact: {
              [textKey('No drug allergies.')]: 'ไม่มีประวัติการแพ้ยา',
              [textKey('No chronic diseases.')]: 'ไม่มีโรคประจำตัว',
            },
            patterns: [['Booked by {name}', 'จองโดย {name}']],
          },
        }),
    };
    await requirePack(pack);
    expect(reader.imports).toBe(1);
    expect(translateEnglish('Booked by Dr. Somchai')).toBe('จองโดย Dr. Somchai');
    // The whole texts read as before, and two of them side by side, sentence by sentence.
    expect(translateEnglish('Add Employee')).toBe('เพิ่มพนักงาน');
    expect(translateEnglish('No drug allergies. No chronic diseases.')).toBe(
      'ไม่มีประวัติการแพ้ยา ไม่มีโรคประจำตัว',
    );
    await activateLocale('en');
    expect(translateEnglish('Add Employee')).toBe('Add Employee');
  });
});
