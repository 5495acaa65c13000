import { z } from 'zod';

z.config({
  // A missing field reads "Required" on both sides (forms and API) instead of a type message.
  customError: (issue) => (issue.input === undefined ? 'Required' : undefined),
  // In a browser zod must not probe `new Function` for its compiled parsers: the portal's CSP
  // forbids eval, and Chrome reports every refused probe as an issue. The server keeps them.
  jitless: 'document' in globalThis,
});

// Imported by rules.ts, which every input schema builds on; the apps' build keeps this module
// for its effect alone (tools/vite/app-config.ts, SIDE_EFFECT_MODULES).
