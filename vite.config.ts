import { readFileSync } from "node:fs";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig, type Plugin } from "vite";
import { isCataloguePart, pickCataloguePart } from "./app/utils/catalogue-parts";

/**
 * `core/i18n/locales/<locale>/common.json?part=<part>` is that part of the catalogue only (see
 * app/utils/catalogue-parts.ts): public pages need not download the back office's texts (decision 046).
 */
function catalogueParts(): Plugin {
  return {
    name: "catalogue-parts",
    enforce: "pre",
    load(id) {
      const match = /^(.*\/core\/i18n\/locales\/[^/?]+\/common\.json)\?(?:.*&)?part=([a-z]+)/.exec(id);
      if (!match?.[1] || !isCataloguePart(match[2])) return null;
      this.addWatchFile(match[1]);
      const texts = pickCataloguePart(JSON.parse(readFileSync(match[1], "utf8")) as Record<string, unknown>, match[2]);
      // A module, not JSON: with a query on its name, Vite's JSON plugin leaves the file alone.
      return `export default JSON.parse(${JSON.stringify(JSON.stringify(texts))});`;
    },
  };
}

export default defineConfig({
  plugins: [catalogueParts(), tailwindcss(), reactRouter()],
  server: { host: "127.0.0.1" },
});
