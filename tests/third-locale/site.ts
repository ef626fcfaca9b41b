/**
 * The site built and served with a third language, `xx` (decision 072), for the browser walk
 * (playwright.third-locale.config.ts): a copy of this working tree's site files in .tmp/third-locale-site,
 * as a developer adding a language would make it — one more entry in core/i18n/locale-list.ts and
 * core/i18n/locales/xx/ holding the English catalogues transformed (`[Héllö]`, ./pseudo.ts). Nothing is
 * written into the repository's own files, and no production module has a seam for it: the copy is
 * the code a reviewed "add a language" change would be. Routes and the browser's catalogue chunks are
 * fixed when the site is built, so the copy gets its own React Router build and server bundle.
 *
 *   tsx tests/third-locale/site.ts build   copy and build, unless the copy is built from these very files
 *   tsx tests/third-locale/site.ts serve   the same, then the copy's compiled server in the foreground
 *
 * What keeps it cheap (measured in decision 072): the copy is skipped when a digest of the copied
 * files matches the one its build was made from; node_modules is a symbolic link to this tree's; no
 * precompressed assets (the server sends them plain); and the copy is a git repository of its own
 * (`git init`, no commit), because Tailwind's source scan honours .gitignore only inside one: without
 * it the copy, which lies under this tree's ignored `.tmp/`, was scanned with node_modules (~45 s).
 */
import { execFileSync, spawn, type ExecFileSyncOptions } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import path from "node:path";
import { englishCatalogueFolder, pseudoCatalogue, thirdLocaleDefinition } from "./pseudo";

const root = path.resolve(import.meta.dirname, "../..");
export const thirdLocaleSite = path.join(root, ".tmp", "third-locale-site");
const stampFile = path.join(thirdLocaleSite, ".built-from");
/** Not part of the site: the copy leaves them out. */
const notCopied = ["tests/", "docs/", "bench/", "core/i18n/locales/xx/"];

/** The site's files as git sees them in the working tree (tracked and new, not ignored). */
function siteFiles(): string[] {
  const listed = execFileSync("git", ["ls-files", "--cached", "--others", "--exclude-standard", "-z"], { cwd: root, encoding: "utf8" }).split("\0");
  return listed.filter((file) => file && !notCopied.some((prefix) => file.startsWith(prefix)) && existsSync(path.join(root, file)));
}

/** What the copy's build depends on: the site's files and how the copy is made (this file and ./pseudo.ts). */
function digestOf(files: readonly string[]): string {
  const hash = createHash("sha256");
  for (const file of [...files, "tests/third-locale/site.ts", "tests/third-locale/pseudo.ts"]) {
    hash.update(`${file}\0`);
    hash.update(readFileSync(path.join(root, file)));
  }
  return hash.digest("hex");
}

function addThirdLocale(): void {
  const listFile = path.join(thirdLocaleSite, "core/i18n/locale-list.ts");
  const list = readFileSync(listFile, "utf8");
  const entry = /^(\s*)de: \{[^\n]*\},\n/m;
  if (!entry.test(list)) throw new Error("core/i18n/locale-list.ts has no `de` entry to add `xx` after");
  const { intlTag, nativeName } = thirdLocaleDefinition;
  writeFileSync(
    listFile,
    list.replace(entry, (line, indent: string) => `${line}${indent}xx: { intlTag: "${intlTag}", nativeName: "${nativeName}" },\n`),
  );
  const third = path.join(thirdLocaleSite, "core/i18n/locales/xx");
  mkdirSync(third, { recursive: true });
  for (const file of readdirSync(englishCatalogueFolder).filter((name) => name.endsWith(".json"))) {
    const english = JSON.parse(readFileSync(path.join(englishCatalogueFolder, file), "utf8")) as unknown;
    writeFileSync(path.join(third, file), JSON.stringify(pseudoCatalogue(english), null, 2));
  }
}

/** Copies and builds the site with `xx` unless the copy's build is made from the same files; answers whether it built. */
export function buildThirdLocaleSite(): boolean {
  const files = siteFiles();
  const digest = digestOf(files);
  const built = existsSync(path.join(thirdLocaleSite, "build/server-main.js")) && existsSync(stampFile) && readFileSync(stampFile, "utf8") === digest;
  if (built) return false;
  rmSync(thirdLocaleSite, { recursive: true, force: true });
  for (const file of files) {
    mkdirSync(path.dirname(path.join(thirdLocaleSite, file)), { recursive: true });
    writeFileSync(path.join(thirdLocaleSite, file), readFileSync(path.join(root, file)));
  }
  symlinkSync(path.join(root, "node_modules"), path.join(thirdLocaleSite, "node_modules"), "dir");
  execFileSync("git", ["init", "--quiet"], { cwd: thirdLocaleSite });
  addThirdLocale();
  // A production build as `npm run build` makes it, also when called by the test server's command (NODE_ENV=test
  // there would give Vite's build React's development bundle, whose hydration warnings the production one has not).
  const options: ExecFileSyncOptions = {
    cwd: thirdLocaleSite,
    stdio: "pipe",
    env: { ...process.env, NODE_ENV: "production", VITE_CONFIG_NATIVE_IGNORE_WARNING: "true" },
  };
  for (const args of [
    ["react-router", "build"],
    ["tsx", "scripts/build-server.ts"],
  ]) {
    try {
      execFileSync("npx", args, options);
    } catch (error) {
      // Only a failed build's output is worth reading (a good one's warnings are those of `npm run build`).
      const { stdout, stderr } = error as { stdout?: Buffer; stderr?: Buffer };
      process.stderr.write(Buffer.concat([stdout ?? Buffer.alloc(0), stderr ?? Buffer.alloc(0)]));
      throw error;
    }
  }
  writeFileSync(stampFile, digest);
  return true;
}

const command = process.argv[2];
if (command === "build" || command === "serve") {
  const started = Date.now();
  const rebuilt = buildThirdLocaleSite();
  console.log(`${thirdLocaleSite}: ${rebuilt ? "built" : "already built from these files"} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  if (command === "serve") {
    const server = spawn("node", ["--enable-source-maps", "build/server-main.js"], { cwd: thirdLocaleSite, stdio: "inherit", env: process.env });
    for (const signal of ["SIGTERM", "SIGINT"] as const) process.on(signal, () => server.kill(signal));
    server.on("exit", (code) => process.exit(code ?? 0));
  }
}
