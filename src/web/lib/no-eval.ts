/**
 * zod compiles its object parsers with `new Function` where it may, and finds out by trying once, when the first
 * object schema is made. The app's CSP (`script-src 'self'`, no eval) refuses it, as it should: zod falls back to its
 * plain parser, but the browser reports the refused eval as a CSP violation on every page that loads a schema. zod
 * reads its settings from this global when it first loads and then skips the attempt. Imported first by `main.tsx`,
 * so it is set before any chunk with zod runs (none is in the entry's own imports).
 */
const scope = globalThis as { __zod_globalConfig?: Record<string, unknown> };
scope.__zod_globalConfig = { ...scope.__zod_globalConfig, jitless: true };
