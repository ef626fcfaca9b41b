import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * app/routes/ holds route modules only, one folder per area (issue 29): what several pages or
 * components share lives in app/utils/ or app/components/, never inside a route's folder. So nothing
 * in app/ outside app/routes/ imports a route module (app/routes.ts names them by file, it does not
 * import them), and a route module imports from app/routes/ only the files beside it (its `.server.ts`
 * half or a helper of that page).
 */
describe("route modules", () => {
  const files = execFileSync("git", ["ls-files", "--cached", "--others", "--exclude-standard", "app"], { encoding: "utf8" })
    .split("\n")
    .filter((file) => /\.tsx?$/.test(file));
  const routesFolder = "app/routes/";
  const importsOf = (file: string) =>
    [...readFileSync(file, "utf8").matchAll(/(?:from|import)\s*\(?\s*["'](\.{1,2}\/[^"']+)["']/g)].map(([, spec = ""]) => ({
      spec,
      target: path.posix.normalize(path.posix.join(path.posix.dirname(file), spec)),
    }));

  it("are imported by no other part of app/", () => {
    const offenders = files
      .filter((file) => !file.startsWith(routesFolder))
      .flatMap((file) => importsOf(file).filter(({ target }) => target.startsWith(routesFolder)).map(({ spec }) => `${file}: ${spec}`));
    expect(offenders).toEqual([]);
  });

  it("import from app/routes/ only the files beside them", () => {
    const offenders = files
      .filter((file) => file.startsWith(routesFolder))
      .flatMap((file) =>
        importsOf(file)
          .filter(({ spec, target }) => target.startsWith(routesFolder) && !spec.startsWith("./+types/"))
          .filter(({ target }) => path.posix.dirname(target) !== path.posix.dirname(file))
          .map(({ spec }) => `${file}: ${spec}`),
      );
    expect(offenders).toEqual([]);
  });

  it("live in a folder per area, none loose in app/routes/", () => {
    const loose = files.filter((file) => path.posix.dirname(file) === "app/routes");
    expect(loose).toEqual([]);
  });
});
