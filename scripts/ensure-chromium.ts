import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";

/** Browser tests use Debian's Chromium; install it when missing (never a browser download of its own). */
export function ensureChromium(path = "/usr/bin/chromium"): string {
  if (existsSync(path)) return path;
  console.log("Installing Chromium from Debian's packages…");
  execFileSync("apt-get", ["update", "-qq"], { stdio: "inherit" });
  execFileSync("apt-get", ["install", "-y", "-qq", "chromium"], { stdio: "inherit", env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" } });
  if (!existsSync(path)) throw new Error(`Chromium was installed but ${path} is missing`);
  return path;
}
