import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";

/**
 * The browser the end-to-end tests drive: Debian's `chromium-headless-shell` (a quarter less CPU than
 * the desktop `chromium` in its headless mode, decision 041). `CHROMIUM_PATH` picks another, e.g.
 * `/usr/bin/chromium` (package `chromium`) for screenshots closer to a desktop browser.
 */
export const defaultChromiumPath = "/usr/lib/chromium/chromium-headless-shell";

const debianPackageOf: Record<string, string> = {
  [defaultChromiumPath]: "chromium-headless-shell",
  "/usr/bin/chromium": "chromium",
};

/** Installs the chosen Chromium from Debian's packages when missing (never a browser download of its own). */
export function ensureChromium(path = process.env.CHROMIUM_PATH ?? defaultChromiumPath): string {
  if (existsSync(path)) return path;
  const debianPackage = debianPackageOf[path];
  if (!debianPackage) throw new Error(`CHROMIUM_PATH ${path} does not exist, and no Debian package is known for it`);
  console.log(`Installing ${debianPackage} from Debian's packages…`);
  execFileSync("apt-get", ["update", "-qq"], { stdio: "inherit" });
  execFileSync("apt-get", ["install", "-y", "-qq", debianPackage], { stdio: "inherit", env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" } });
  if (!existsSync(path)) throw new Error(`${debianPackage} was installed but ${path} is missing`);
  return path;
}
