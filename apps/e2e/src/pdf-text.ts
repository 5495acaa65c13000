import { inflateSync } from 'node:zlib';

/**
 * The text of each page of a PDF that Chromium printed (Skia's writer), for tests that read what
 * a printed page says. No PDF library is installed, and Skia's output is regular: objects
 * written whole with direct lengths, pages listed in one /Kids array, text drawn with Type0
 * fonts whose /ToUnicode CMap maps the 2-byte glyph codes of `<hex> Tj` and `[...] TJ` back to
 * characters. Each text object (BT … ET) becomes one line. Not a general PDF reader.
 */
export function pdfPageTexts(pdf: Buffer): string[] {
  const source = pdf.toString('latin1');
  const objects = new Map<string, { dict: string; stream?: string }>();
  for (const match of source.matchAll(/(\d+) 0 obj\s*([\s\S]*?)endobj/g)) {
    const body = match[2]!;
    const at = body.indexOf('stream');
    if (at < 0) {
      objects.set(match[1]!, { dict: body });
      continue;
    }
    const dict = body.slice(0, at);
    const raw = body.slice(at + 'stream'.length).replace(/^\r?\n/, '');
    const bytes = Buffer.from(raw.slice(0, raw.lastIndexOf('endstream')), 'latin1');
    const stream = dict.includes('/FlateDecode') ? inflateSync(bytes).toString('latin1') : raw;
    objects.set(match[1]!, { dict, stream });
  }
  const ref = (text: string, key: string) => new RegExp(`/${key} (\\d+) 0 R`).exec(text)?.[1];

  const cmaps = new Map<string, Map<number, string>>();
  const cmapOf = (fontId: string): Map<number, string> => {
    const known = cmaps.get(fontId);
    if (known) return known;
    const map = new Map<number, string>();
    const unicodeId = ref(objects.get(fontId)?.dict ?? '', 'ToUnicode');
    const cmap = (unicodeId && objects.get(unicodeId)?.stream) || '';
    const text = (hex: string) =>
      String.fromCharCode(...(hex.match(/.{4}/g) ?? []).map((h) => parseInt(h, 16)));
    for (const block of cmap.matchAll(/beginbfchar([\s\S]*?)endbfchar/g))
      for (const [, code, unicode] of block[1]!.matchAll(/<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>/g))
        map.set(parseInt(code!, 16), text(unicode!));
    for (const block of cmap.matchAll(/beginbfrange([\s\S]*?)endbfrange/g))
      for (const [, from, to, first] of block[1]!.matchAll(
        /<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>/g,
      )) {
        const start = parseInt(from!, 16);
        for (let code = start; code <= parseInt(to!, 16); code++)
          map.set(code, String.fromCharCode(parseInt(first!, 16) + code - start));
      }
    cmaps.set(fontId, map);
    return map;
  };

  const catalogue = [...objects.values()].find((o) => /\/Type\s*\/Pages\b/.test(o.dict));
  const kids = /\/Kids\s*\[([^\]]*)\]/.exec(catalogue?.dict ?? '')?.[1] ?? '';
  return [...kids.matchAll(/(\d+) 0 R/g)].map(([, pageId]) => {
    const page = objects.get(pageId!)?.dict ?? '';
    const fonts = new Map(
      [...(/\/Font\s*<<([^>]*)>>/.exec(page)?.[1] ?? '').matchAll(/\/(\w+) (\d+) 0 R/g)].map(
        ([, name, id]) => [name!, id!] as const,
      ),
    );
    const content = objects.get(ref(page, 'Contents') ?? '')?.stream ?? '';
    const lines: string[] = [];
    for (const [, textObject] of content.matchAll(/\bBT\b([\s\S]*?)\bET\b/g)) {
      let map = new Map<number, string>();
      let line = '';
      for (const [, font, shown] of textObject!.matchAll(
        /\/(\w+)\s+[\d.]+\s+Tf|(<[0-9A-Fa-f]*>\s*Tj|\[[^\]]*\]\s*TJ)/g,
      )) {
        if (font) map = cmapOf(fonts.get(font) ?? '');
        else
          for (const [, hex] of shown!.matchAll(/<([0-9A-Fa-f]*)>/g))
            for (const code of hex!.match(/.{4}/g) ?? []) line += map.get(parseInt(code, 16)) ?? '';
      }
      lines.push(line);
    }
    return lines.join('\n');
  });
}
