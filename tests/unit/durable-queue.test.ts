import { describe, expect, it } from "vitest";
import { emailRetryDelayMs } from "../../server/email/email-worker";
import { jobRetryDelayMs } from "../../server/jobs/job-worker";
import { backoffMs } from "../../server/queue/durable-queue";

describe("the one queue's backoff", () => {
  it("doubles from its base up to its cap", () => {
    expect([1, 2, 3, 4, 5].map((attempts) => backoffMs(attempts, 1_000, 10_000))).toEqual([1_000, 2_000, 4_000, 8_000, 10_000]);
    expect(backoffMs(0, 1_000, 10_000)).toBe(1_000);
  });

  it("keeps the delays jobs and e-mails had before they shared it", () => {
    const minute = 60_000;
    expect([1, 2, 3, 4, 7, 20].map(jobRetryDelayMs)).toEqual([1, 2, 4, 8, 60, 60].map((minutes) => minutes * minute));
    expect([1, 2, 3, 4, 5, 6, 30].map(emailRetryDelayMs)).toEqual([30_000, minute, 2 * minute, 4 * minute, 8 * minute, 10 * minute, 10 * minute]);
  });
});
