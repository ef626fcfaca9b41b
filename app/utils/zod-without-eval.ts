// zod 4 compiles object parsers with `new Function` when it may, and finds out by trying, as soon as
// the first object schema is built: under our Content-Security-Policy (no 'unsafe-eval') that try is
// reported as a violation. Imported first by root.tsx, the route module the browser evaluates before any other (and so before any schema is built); the
// interpreted parsers are fast enough for a form.
// zod keeps its settings in globalThis.__zod_globalConfig (what z.config writes to), so setting them
// there spares pages without forms zod's download (decision 046).
declare global {
  var __zod_globalConfig: { jitless?: boolean } | undefined;
}
globalThis.__zod_globalConfig = { ...globalThis.__zod_globalConfig, jitless: true };

export {};
