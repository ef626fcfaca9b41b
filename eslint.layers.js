// @ts-check
/**
 * The layers of the house, checked by lint (issue 11, point 10; decision 074): imports run only downwards,
 * web (app/) → edge (server/http, server/api) → composition root (server/services) → domain (server/<domain>/)
 * → deps (server/deps) → infrastructure (server/db, server/auth) → core. A file may import its own layer and
 * any layer below it. No circle of files (import-x/no-cycle) and no file over 400 lines without a reason at its top.
 */

/** The composition root: builds the deps and binds the verbs into the services the edge calls. */
export const compositionFolders = ["services"];
/** Domain folders of verbs: each may use the others, the deps, the infrastructure and core. */
export const domainFolders = ["accounts", "bookings", "catalog", "email", "invoices", "jobs", "payments", "privacy", "queue", "staff", "uploads", "seed"];
/** What the verbs are given (the Deps type, the read cache, the ports they call): under the domain, over the infrastructure. */
export const depsFolders = ["deps"];
/** Infrastructure under the deps: database, tokens and passwords, rate limits. */
export const infrastructureFolders = ["auth", "db"];
const edgeFolders = ["api", "http"];

const folderPatterns = (folders) =>
  folders.flatMap((folder) => [`**/server/${folder}/**`, `**/server/${folder}`, `../${folder}/*`, `../${folder}`]);

/** @param {string[]} group @param {string} message */
const forbid = (group, message) => ({ group, message });

export const layerRules = [
  {
    files: ["core/**/*.{ts,tsx}"],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          patterns: [
            forbid(
              ["**/server/**", "**/app/**", "**/tests/**"],
              "core/ is the bottom layer: pure code shared by browser and server; it imports nothing above it.",
            ),
          ],
        },
      ],
    },
  },
  {
    files: infrastructureFolders.map((folder) => `server/${folder}/**/*.{ts,tsx}`),
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          patterns: [
            forbid(
              [...folderPatterns([...depsFolders, ...domainFolders, ...compositionFolders, ...edgeFolders]), "**/app/**", "**/main"],
              "Infrastructure (server/db, server/auth) sits under the deps, the domain and the edge: it must not import them.",
            ),
          ],
        },
      ],
    },
  },
  {
    files: depsFolders.map((folder) => `server/${folder}/**/*.{ts,tsx}`),
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          patterns: [
            forbid(
              [...folderPatterns([...domainFolders, ...compositionFolders, ...edgeFolders]), "**/app/**", "**/main"],
              "server/deps is what the domain verbs are given: it sits under them and imports none of them (decision 074).",
            ),
          ],
        },
      ],
    },
  },
  {
    files: domainFolders.map((folder) => `server/${folder}/**/*.{ts,tsx}`),
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          patterns: [
            forbid(
              [...folderPatterns([...compositionFolders, ...edgeFolders]), "**/app/**", "**/main"],
              "Domain verbs are bound by server/services and called by the edge (API, pages); they import neither.",
            ),
          ],
        },
      ],
    },
  },
  {
    files: compositionFolders.map((folder) => `server/${folder}/**/*.{ts,tsx}`),
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          patterns: [forbid([...folderPatterns(edgeFolders), "**/app/**", "**/main"], "The composition root is called by the edge (API, pages); it never imports it.")],
        },
      ],
    },
  },
  {
    files: ["server/api/**/*.{ts,tsx}"],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          patterns: [forbid(["**/server/db/**", "../db/*", "**/app/**"], "API handlers call domain verbs, nothing below them: no database access here.")],
          paths: [
            {
              name: "@hono/zod-openapi",
              importNames: ["createRoute"],
              message: "Declare a route with apiRoute (server/api/api-route.ts): its facts (body limit, turn, caching) go with it.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ["app/**/*.{ts,tsx}"],
    ignores: ["app/**/*.server.{ts,tsx}", "app/entry.server.tsx"],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: ["**/server/**"],
              allowTypeImports: true,
              message: "Browser code must not import server code: put it in a .server.ts module (React Router keeps those out of the browser bundle).",
            },
          ],
        },
      ],
    },
  },
  {
    files: ["app/**/*.server.{ts,tsx}"],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        { patterns: [forbid(["**/server/db/**"], "Loaders and actions call domain verbs, nothing below them: no database access in app/.")] },
      ],
    },
  },
];
