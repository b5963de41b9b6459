import { config } from 'zod';

// In a browser, zod parses without compiling code: the page's Content-Security-Policy forbids
// eval, and the browser reports even zod's caught probe for it as a violation. Zod decides when a
// schema is made, so this module is the package's first import, before any schema exists. On
// the server, zod keeps compiling its parsers, which is faster.
if ('document' in globalThis) config({ jitless: true });
