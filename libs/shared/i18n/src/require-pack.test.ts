import { describe, expect, it } from 'vitest';
import { localName } from '@portal/reference-data';
import type { Messages } from '@lingui/core';
import {
  activateLocale,
  type MessageId,
  type Pack,
  requirePack,
  t,
  textKey,
  translateEnglish,
} from './index';

/** A pack whose fetch ends when the test says, in both languages. */
function heldPack(messages: Messages) {
  let release: () => void = () => undefined;
  const fetched = new Promise<{ messages: Messages }>((resolve) => {
    release = () => resolve({ messages });
  });
  const pack: Pack = { en: () => fetched, th: () => fetched };
  return { pack, release };
}

const text = (id: string) => t(id as MessageId);

describe('a page’s pack of messages', () => {
  it('is awaited by every page that asks for it while its fetch is under way', async () => {
    await activateLocale('en', 'public');
    const { pack, release } = heldPack({ 'test.held.greeting': 'Good morning' });
    const first = requirePack(pack);
    let secondDone = false;
    const second = requirePack(pack).then(() => {
      secondDone = true;
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    // The second page would render ids if it went ahead before the fetch ended.
    expect(secondDone).toBe(false);
    release();
    await Promise.all([first, second]);
    expect(text('test.held.greeting')).toBe('Good morning');
  });

  it('stays loaded when the language’s activation ends after it', async () => {
    const pack: Pack = {
      en: () => Promise.resolve({ messages: { 'test.quick.title': 'Edit Patient' } }),
      th: () => Promise.resolve({ messages: { 'test.quick.title': 'แก้ไขผู้ป่วย' } }),
    };
    // The app's start and the first page's route, at once: the pack arrives first.
    const activation = activateLocale('en', 'clinical');
    await requirePack(pack);
    await activation;
    expect(text('test.quick.title')).toBe('Edit Patient');
    // A language shown later loads it too.
    await activateLocale('th');
    expect(text('test.quick.title')).toBe('แก้ไขผู้ป่วย');
    await activateLocale('en');
  });

  it('brings in Thai the read-back table of the contract’s texts its pages show', async () => {
    const english = 'Held for the test: booked';
    const pack: Pack = {
      en: () => Promise.resolve({ messages: {} }),
      th: () =>
        Promise.resolve({
          messages: {},
          readBack: { exact: { [textKey(english)]: 'จองไว้สำหรับการทดสอบ' }, patterns: [] },
        }),
    };
    await activateLocale('th', 'clinical');
    expect(translateEnglish(english)).toBe(english);
    await requirePack(pack);
    expect(translateEnglish(english)).toBe('จองไว้สำหรับการทดสอบ');
    await activateLocale('en');
    expect(translateEnglish(english)).toBe(english);
  });

  it('registers in Thai the names of reference-data its pages show', async () => {
    const entry = { id: 'X901', name: 'test drug' };
    const pack: Pack = {
      en: () => Promise.resolve({ messages: {} }),
      th: () => Promise.resolve({ messages: {}, names: { X901: 'ยาทดสอบ' } }),
    };
    await activateLocale('th', 'clinical');
    expect(localName(entry, 'th')).toBe('test drug');
    await requirePack(pack);
    expect(localName(entry, 'th')).toBe('ยาทดสอบ');
    expect(localName(entry, 'en')).toBe('test drug');
    await activateLocale('en');
  });
});
