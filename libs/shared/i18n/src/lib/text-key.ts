/**
 * A short key for an English text (FNV-1a, 32 bits, and the length, base 36): how the read-back tables
 * (`?readback` catalogues, tools/vite/lingui.ts) name a text of the contract without
 * carrying its English words to a browser that shows another language. The build fails when
 * two texts of the catalogues share a key.
 */
export function textKey(text: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0).toString(36) + text.length.toString(36);
}
