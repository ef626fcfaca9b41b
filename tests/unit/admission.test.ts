import { describe, expect, it } from "vitest";
import { createAdmission, type Urgency } from "../../server/http/admission";

/** A piece of work that ends when the test says so. */
function gate() {
  let open = () => {};
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { open, opened };
}

describe("admission: requests handled at once, finishing ones first (decision 064)", () => {
  it("runs at most maxInFlight at once and lets the waiting in, finishing first, each kind in arrival order", async () => {
    const admission = createAdmission({ maxInFlight: 2 });
    const started: string[] = [];
    const gates = new Map<string, ReturnType<typeof gate>>();
    const submit = (name: string, urgency: Urgency) => {
      const ends = gate();
      gates.set(name, ends);
      return admission.run(urgency, async () => {
        started.push(name);
        await ends.opened;
        return name;
      });
    };
    const all = [
      submit("a", "ordinary"),
      submit("b", "ordinary"),
      submit("c", "ordinary"),
      submit("d", "finishing"),
      submit("e", "ordinary"),
      submit("f", "finishing"),
    ];
    await Promise.resolve();
    expect(started).toEqual(["a", "b"]);
    expect(admission.stats()).toEqual({ inFlight: 2, waiting: { finishing: 2, ordinary: 2 } });
    for (const name of ["a", "b", "d", "f", "c", "e"]) {
      gates.get(name)?.open();
      await new Promise((resolve) => setTimeout(resolve, 0));
    }
    expect(started).toEqual(["a", "b", "d", "f", "c", "e"]);
    expect(await Promise.all(all)).toEqual(["a", "b", "c", "d", "e", "f"]);
    expect(admission.stats()).toEqual({ inFlight: 0, waiting: { finishing: 0, ordinary: 0 } });
  });

  it("gives the place back when the work fails", async () => {
    const admission = createAdmission({ maxInFlight: 1 });
    await expect(admission.run("ordinary", () => Promise.reject(new Error("refused")))).rejects.toThrow("refused");
    expect(await admission.run("ordinary", () => Promise.resolve("next"))).toBe("next");
    expect(admission.stats().inFlight).toBe(0);
  });

  it("refuses a limit that is not a positive whole number", () => {
    expect(() => createAdmission({ maxInFlight: 0 })).toThrow();
    expect(() => createAdmission({ maxInFlight: 1.5 })).toThrow();
  });

  it("lets exempt work through at once, even when every place is taken", async () => {
    const admission = createAdmission({ maxInFlight: 1 });
    const held = gate();
    const holding = admission.run("ordinary", () => held.opened);
    expect(await admission.run("exempt", () => Promise.resolve("through"))).toBe("through");
    expect(admission.stats().inFlight).toBe(1);
    held.open();
    await holding;
  });
});
