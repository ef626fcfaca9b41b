import { build } from "esbuild";

/**
 * Compiles the server (server/main.ts and everything it imports from this project) to one ES module,
 * build/server-main.js, which production runs with plain `node` instead of tsx (decision 047): no
 * TypeScript compiler in the serving process, no transpiling at boot. Packages stay imports of
 * node_modules; the pages' own server build (build/server/index.js) is React Router's and is loaded
 * at run time. Paths to drizzle/, content/ and build/ are found from the project root
 * (server/project-root.ts), so they resolve from build/ as from server/.
 */
const result = await build({
  entryPoints: ["server/main.ts"],
  outfile: "build/server-main.js",
  bundle: true,
  packages: "external",
  platform: "node",
  format: "esm",
  target: "node20.19",
  sourcemap: true,
  // With NODE_OPTIONS=--enable-source-maps stack traces name server/…ts lines (off by default: 40 MB, decision 051).
  sourcesContent: false,
  logLevel: "warning",
  metafile: true,
});
const inputs = Object.keys(result.metafile.inputs).length;
console.log(`build/server-main.js: ${inputs} modules`);
