/**
 * The build's short message ids (tools/vite/short-message-ids.ts): which strings of a rendered
 * chunk it replaces, and that the source map it returns still points each piece of code at
 * where it was. The built apps are checked in bundle-budget.test.ts (no id left whole, every
 * page's packs holding what its code names) and in the browser tests, which read the pages.
 */
import { describe, expect, it } from 'vitest';
import { decodeSegment } from '../../bundle-budget.mjs';
import { shortenIds, shortIds } from '../../vite/short-message-ids.ts';

const ids = new Map([
  ['common.loading', '0'],
  ['hr.addEmployee.added', '1'],
]);

describe('shortenIds', () => {
  it('replaces an id in quotes of every kind, and as a key of a JSON text in a string', () => {
    const code = [
      `t('common.loading');`,
      `t("hr.addEmployee.added");`,
      'f(`common.loading`);',
      `JSON.parse("{\\"common.loading\\":[\\"Loading…\\"]}");`,
      'JSON.parse(`{"hr.addEmployee.added":["Added"]}`);',
    ].join('\n');
    const shortened = shortenIds(code, ids);
    expect(shortened?.code).toBe(
      [
        `t('0');`,
        `t("1");`,
        'f(`0`);',
        `JSON.parse("{\\"0\\":[\\"Loading…\\"]}");`,
        'JSON.parse(`{"1":["Added"]}`);',
      ].join('\n'),
    );
    expect([...(shortened?.replaced ?? [])].sort()).toEqual([
      'common.loading',
      'hr.addEmployee.added',
    ]);
  });

  it('leaves what is not a whole id of a shortened catalogue', () => {
    const code = [
      "t('common.loadingMore');", // no such id
      "t('contract.message.noResult');", // the contract's ids stay whole
      't(`common.title.${scope}`);', // an id built from its start is not one
      "x = 'common.loading.extra';",
      "y = 'see common.loading';",
      `z = 'common.loading";`, // quotes that do not pair
    ].join('\n');
    expect(shortenIds(code, ids)).toBeNull();
  });

  it('maps the code after an id to where it was', () => {
    const code = "a(t('common.loading'), marker)";
    const shortened = shortenIds(code, ids);
    const map = shortened!.map;
    expect(shortened!.code).toBe("a(t('0'), marker)");
    // One line, one segment per character (hires): the segment at `marker` in the new code
    // points at its column in the old.
    const column = shortened!.code.indexOf('marker');
    const segments = map.mappings.split(',').reduce<number[][]>((all, segment) => {
      const decoded: number[] = decodeSegment(segment);
      const previous = all.at(-1) ?? [0, 0, 0, 0];
      all.push(decoded.map((value, index) => value + (previous[index] ?? 0)));
      return all;
    }, []);
    const at = segments.find(([generated]) => generated === column);
    expect(at?.[3]).toBe(code.indexOf('marker'));
  });
});

describe('shortIds', () => {
  it("gives each id of the shortened catalogues its own short id, the contract's none", () => {
    const short = shortIds();
    expect(short.size).toBeGreaterThan(500);
    expect(new Set(short.values()).size).toBe(short.size);
    expect([...short.values()].every((id) => /^[0-9a-z]{1,2}$/.test(id))).toBe(true);
    expect([...short.keys()].some((id) => id.startsWith('contract.'))).toBe(false);
    expect(short.get('common.loading')).toBeDefined();
  });
});
