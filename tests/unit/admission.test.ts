import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { createAdmission, urgencyOfRequest, type Urgency } from "../../server/http/admission";

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

  it("puts a submit first, the rest of the booking flow and the pages in turn, and never holds back what waits on others", async () => {
    const app = new Hono();
    app.all("*", (c) => c.text(urgencyOfRequest(c)));
    const urgency = async (method: string, path: string) => (await app.request(path, { method })).text();
    const draft = "0b0c9a52-3f44-4a8e-9a55-6e8f3f2b9d11";
    expect(await urgency("POST", `/api/booking/public/${draft}/submit`)).toBe("finishing");
    expect(await urgency("GET", `/api/booking/public/${draft}`)).toBe("ordinary");
    expect(await urgency("PUT", `/api/booking/public/${draft}/update/page`)).toBe("ordinary");
    expect(await urgency("GET", "/events")).toBe("ordinary");
    expect(await urgency("POST", `/de/booking/${draft}`)).toBe("ordinary");
    // The payment provider, a browser's upload, a streamed download: never waiting, never holding a place.
    expect(await urgency("POST", `/api/booking/payment/create/${draft}/en`)).toBe("exempt");
    expect(await urgency("POST", "/api/payment/webhook/stripe")).toBe("exempt");
    expect(await urgency("GET", "/de/pay/token")).toBe("exempt");
    expect(await urgency("GET", "/payment/success/token")).toBe("exempt");
    expect(await urgency("POST", `/api/booking/${draft}/upload`)).toBe("exempt");
    expect(await urgency("POST", "/api/booking/manage/token/upload")).toBe("exempt");
    expect(await urgency("GET", `/admin/events/${draft}/participants.xlsx`)).toBe("exempt");
    expect(await urgency("POST", "/api/staff/bookings/export")).toBe("exempt");
    expect(await urgency("GET", "/my-booking/token/calendar.ics")).toBe("exempt");
    expect(await urgency("GET", "/payments-overview")).toBe("ordinary");
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
