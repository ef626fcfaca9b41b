// @ts-check
/**
 * The layers of the house, checked by lint (issue 11, point 10): imports run only downwards,
 * web (app/) → edge (server/http, server/api) → domain (server/<domain>/) → infrastructure
 * (server/db, server/auth, …) → core. A file may import its own layer and any layer below it.
 * No circle of files (import-x/no-cycle) and no file over 400 lines without a reason at its top.
 */

/** Domain folders of verbs: each may use the others, the infrastructure and core. */
export const domainFolders = ["accounts", "bookings", "catalog", "email", "invoices", "jobs", "payments", "queue", "services", "staff", "uploads", "seed"];
/** Infrastructure under the domain: database, tokens and passwords, errors, logging. */
export const infrastructureFolders = ["auth", "db"];
const edgeFolders = ["api", "http"];

const folderPatterns = (folders) => folders.map((folder) => `**/server/${folder}/**`).concat(folders.map((folder) => `../${folder}/*`));

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
              [...folderPatterns([...domainFolders, ...edgeFolders]), "**/app/**"],
              "Infrastructure (server/db, server/auth) sits under the domain and the edge: it must not import them.",
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
            forbid([...folderPatterns(edgeFolders), "**/app/**", "**/main"], "Domain verbs are called by the edge (API, pages); they never import it."),
          ],
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
