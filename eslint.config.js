// @ts-check
import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import tseslint from "typescript-eslint";
import importX, { createNodeResolver } from "eslint-plugin-import-x";
import { layerRules } from "./eslint.layers.js";

const requestUrlMessage = "request.url may be a `.data` URL with `_routes`: read the loader's, action's or middleware's `url` argument (decision 063).";

export default tseslint.config(
  { ignores: ["build/", "node_modules/", ".react-router/", "data/", "test-results/", "playwright-report/", "drizzle/", ".tmp/"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ["**/*.{ts,tsx}"],
    plugins: { "react-hooks": reactHooks, "import-x": importX },
    settings: {
      "import-x/resolver-next": [createNodeResolver({ extensions: [".ts", ".tsx", ".js", ".json"] })],
      "import-x/extensions": [".ts", ".tsx", ".js"],
      "import-x/parsers": { "@typescript-eslint/parser": [".ts", ".tsx"] },
    },
    rules: {
      // A circle of files has no bottom to start reading from (issue 11, point 10).
      "import-x/no-cycle": ["error", { ignoreExternal: true }],
      // A file longer than this says at its top why it must be (an eslint-disable comment with the reason).
      "max-lines": ["error", { max: 400, skipBlankLines: true, skipComments: true }],
      "react-hooks/rules-of-hooks": "error",
      "react-hooks/exhaustive-deps": "error",
      "@typescript-eslint/no-explicit-any": "error",
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", ignoreRestSiblings: true }],
      // Configuration comes from the validated env module only (server/env.ts, read in server/main.ts).
      "no-restricted-properties": ["error", { object: "process", property: "env", message: "Read configuration through server/env.ts." }],
    },
  },
  ...layerRules,
  {
    // Loaders, actions and middleware get the request as it came (future.v8_passThroughRequests): on a
    // client navigation its URL is `/de/events.data?_routes=…` (`/_root.data` for `/`). The page's own
    // address is their normalized `url` argument (decision 063; tests/api/data-requests.test.ts).
    files: ["app/**/*.{ts,tsx}"],
    rules: {
      "no-restricted-syntax": [
        "error",
        { selector: "MemberExpression[object.name='request'][property.name='url']", message: requestUrlMessage },
        { selector: "MemberExpression[object.property.name='request'][property.name='url']", message: requestUrlMessage },
      ],
    },
  },
  {
    files: ["tests/**", "bench/**", "scripts/**", "playwright.config.ts", "playwright.third-locale.config.ts", "vitest.config.ts"],
    rules: { "no-restricted-properties": "off", "max-lines": "off" },
  },
  {
    files: ["public/**/*.js"],
    languageOptions: { globals: { window: "readonly", document: "readonly", URL: "readonly" } },
  },
);
