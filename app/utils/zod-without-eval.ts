import { z } from "zod";

// zod 4 compiles object parsers with `new Function` when it may, and finds out by trying, as soon as
// the first object schema is built: under our Content-Security-Policy (no 'unsafe-eval') that try is
// reported as a violation. Imported first by root.tsx, the route module the browser evaluates before any other (and so before any schema is built); the
// interpreted parsers are fast enough for a form.
z.config({ jitless: true });
