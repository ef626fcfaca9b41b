import { describe, expect, it } from "vitest";
import { restartDelayMs } from "../../server/http/cluster-primary";

describe("replacing a dead worker (decision 050)", () => {
  it("starts the first replacement at once, then backs off up to 30 s while workers keep dying young", () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8, 20].map(restartDelayMs)).toEqual([0, 1000, 2000, 4000, 8000, 16_000, 30_000, 30_000, 30_000]);
    expect(restartDelayMs(0)).toBe(0);
  });
});
