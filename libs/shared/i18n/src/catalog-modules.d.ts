/** A catalogue compiled by @lingui/vite-plugin: `import('./catalogs/th/common.json?lingui')`. */
declare module '*?lingui' {
  import type { Messages } from '@lingui/core';
  export const messages: Messages;
}

/** A read-back table built by tools/vite/lingui.ts: `import('./catalogs/th/contract.json?readback=first')`. */
declare module '*?readback=first' {
  export const exact: Readonly<Record<string, string>>;
  export const patterns: readonly (readonly [string, string])[];
}
declare module '*?readback=rest' {
  export const exact: Readonly<Record<string, string>>;
  export const patterns: readonly (readonly [string, string])[];
}

/**
 * A pack of a catalogue (lib/packs.ts), compiled by tools/vite/lingui.ts:
 * `…/th/clinical.json?pack=today&messages`; in another language than English, with the
 * read-back table of the contract's texts its pages show first (PACK_READ_BACK).
 */
declare module '*&messages' {
  import type { Messages } from '@lingui/core';
  export const messages: Messages;
  export const readBack:
    | {
        readonly exact: Readonly<Record<string, string>>;
        readonly patterns: readonly (readonly [string, string])[];
      }
    | undefined;
  export const names: Readonly<Record<string, string>> | undefined;
}
