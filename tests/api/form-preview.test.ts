import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { errorResponseSchema } from "../../core/contracts/errors";
import { publicFormResponseSchema } from "../../core/contracts/forms";
import type { DatabaseHandle } from "../../server/db/client";
import { events } from "../../server/db/schema";
import { demoAccounts, seedIds } from "../../server/db/seed";
import { createTestApi } from "../support/api-client";
import { createTestDatabase } from "../support/test-database";

/**
 * `GET api/form/public/{uuid}?preview=1` shows the form's draft, also of an unpublished event: to staff
 * only (a staff bearer token); anyone else is refused (decision 036).
 */

let database: DatabaseHandle;
let api: ReturnType<typeof createTestApi>;
const hidden = { formId: seedIds.forms.trackDayTwoDays, eventId: seedIds.events.trackDayTwoDays };
const published = seedIds.forms.golfYogaTrip;
let staffToken: string;
let customerToken: string;

beforeAll(async () => {
  database = await createTestDatabase();
  api = createTestApi(database);
  await database.db.update(events).set({ published: false }).where(eq(events.id, hidden.eventId));
  staffToken = (await api.logIn(demoAccounts.staff.email, demoAccounts.staff.password)).access_token;
  customerToken = (await api.logIn(demoAccounts.customer.email, demoAccounts.customer.password)).access_token;
});
afterAll(async () => {
  await database.close();
});

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

describe("previewing a booking form", () => {
  it("shows staff the form of an unpublished event", async () => {
    for (const flag of ["1", "true", ""]) {
      const response = await api.get(`/api/form/public/${hidden.formId}?preview=${flag}`, bearer(staffToken));
      expect(response.status).toBe(200);
      expect(publicFormResponseSchema.parse(await response.json()).data).toMatchObject({ uuid: hidden.formId, preview: true });
    }
  });

  it("refuses anyone else (decision 036): anonymous 401, a customer 403, in their language; without preview an unpublished event is 404", async () => {
    for (const headers of [{}, bearer("not-a-token"), { authorization: staffToken }]) {
      expect((await api.get(`/api/form/public/${hidden.formId}?preview=1`, headers)).status).toBe(401);
    }
    expect((await api.get(`/api/form/public/${published}?preview=1`, bearer(customerToken))).status).toBe(403);
    const german = await api.get(`/api/form/public/${hidden.formId}?preview=1`, { ...bearer(customerToken), "accept-language": "de" });
    expect(errorResponseSchema.parse(await german.json()).code).toBe("FORBIDDEN");
    expect((await api.get(`/api/form/public/${hidden.formId}`, bearer(staffToken))).status).toBe(404);
  });

  it("without preview, anyone gets the published form, not marked as a preview", async () => {
    const anonymous = await api.get(`/api/form/public/${published}?preview=0`);
    expect(publicFormResponseSchema.parse(await anonymous.json()).data.preview).toBe(false);
  });
});
