/** A catalogue compiled by @lingui/vite-plugin: `import('./catalogs/th/common.json?lingui')`. */
declare module '*?lingui' {
  import type { Messages } from '@lingui/core';
  export const messages: Messages;
}
