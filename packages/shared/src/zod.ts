import { config, z } from 'zod';

// In a browser, zod parses without compiling code: the page's Content-Security-Policy forbids
// eval, and the browser reports even zod's caught probe for it as a violation. Zod decides when a
// schema is made, so every module that makes one takes `z` from here (`@market/shared/zod` in
// the web app), never from 'zod' itself: this runs before any schema exists. The package's
// `sideEffects` names this file so that a bundler keeps it, and only this one, so that a page
// that makes no schema loads no zod (decision 0006). On the server, zod keeps compiling its
// parsers, which is faster.
if ('document' in globalThis) config({ jitless: true });

export { z };
