import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { pathToFileURL } from "node:url";

/**
 * The reverse-proxy browser test puts Debian's nginx in front of the site as a TLS terminator;
 * install it when missing, as ensure-chromium does for the browser. The test starts its own nginx
 * (own config and prefix in .tmp, never the system service), so only the binary is needed.
 */
export function ensureNginx(path = "/usr/sbin/nginx"): string {
  if (existsSync(path)) return path;
  console.log("Installing nginx from Debian's packages…");
  // Another install (Chromium, PostgreSQL) may hold the dpkg lock for a while: wait for it instead of failing.
  const wait = ["-o", "DPkg::Lock::Timeout=600"];
  execFileSync("apt-get", [...wait, "update", "-qq"], { stdio: "inherit" });
  const install = (name: string) =>
    execFileSync("apt-get", [...wait, "install", "-y", "-qq", "--no-install-recommends", name], {
      stdio: "inherit",
      env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" },
    });
  try {
    install("nginx-light");
  } catch {
    // Newer Debian releases fold nginx-light into nginx.
    install("nginx");
  }
  if (!existsSync(path)) throw new Error(`nginx was installed but ${path} is missing`);
  return path;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) console.log(ensureNginx());
