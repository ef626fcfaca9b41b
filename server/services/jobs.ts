import { z } from "zod";
import { expireHold } from "../bookings/expire-hold";
import { purgeDraftsJob, runDraftPurge } from "../bookings/purge-drafts";
import { expireHoldJob } from "../bookings/submit-booking";
import { expireWaitlistOffer, expireWaitlistOfferJob } from "../bookings/waitlist-offers";
import { sendOpeningNotices, sendOpeningNoticesJob } from "../catalog/opening-notices";
import { invalidateAvailability } from "../deps/cached-read";
import type { Deps } from "../deps/deps";
import type { JobHandler } from "../jobs/job-worker";
import { balanceDueJob, runBalanceDue } from "../payments/balance-due";
import { retentionJob, runRetention } from "../privacy/apply-retention";
import { expireCheckoutJob, runCheckoutExpiry } from "../payments/checkout-expiry";
import { runWaiverReminders, waiverRemindersJob } from "../waivers/waiver-reminders";

/**
 * The durable jobs' handlers by job kind, bound to the same deps as every other service: the job worker
 * (server/jobs/job-worker.ts) runs them and never reaches past the services (decision 074). Each gets
 * the job's payload and the time it runs at.
 */
export function bindJobs(deps: Deps) {
  const { db, publicOrigin } = deps;
  const mailDeps = { publicOrigin, payLinkSecret: deps.payLinkSecret, manageLinkSecret: deps.manageLinkSecret, enqueueMail: deps.enqueueMail };
  return {
    // Places freed: the event cards' "places left" must not wait for the read cache to expire (here and, through the signal, elsewhere).
    [expireHoldJob]: async (payload, now) => {
      const outcome = await expireHold(db, z.object({ bookingId: z.string().uuid() }).parse(payload).bookingId, now, { publicOrigin });
      if (outcome === "expired") invalidateAvailability(deps);
      return outcome;
    },
    [expireWaitlistOfferJob]: async (payload, now) => {
      const outcome = await expireWaitlistOffer(db, z.object({ entryId: z.string().uuid() }).parse(payload).entryId, now, { publicOrigin });
      if (outcome === "expired") invalidateAvailability(deps);
      return outcome;
    },
    [balanceDueJob]: (payload, now) => runBalanceDue(db, payload, { now, ...mailDeps }),
    [expireCheckoutJob]: (payload) => runCheckoutExpiry(deps.paymentProviders, payload),
    [sendOpeningNoticesJob]: (payload, now) => sendOpeningNotices(deps, { eventId: z.object({ eventId: z.string().uuid() }).parse(payload).eventId, now }),
    /** Answers what was purged (server/main.ts logs it). */
    [purgeDraftsJob]: (_payload, now) => runDraftPurge(db, { now, files: deps.uploads.files }),
    /** The retention settings, daily (decision 076); answers what was deleted and anonymized (server/main.ts logs it). */
    [retentionJob]: (_payload, now) => runRetention({ db, files: deps.uploads.files }, { now }),
    /** Mails for missing waivers, daily (decision 080); answers how many went out. */
    [waiverRemindersJob]: (_payload, now) => runWaiverReminders({ db, ...mailDeps }, { now }),
  } satisfies Record<string, JobHandler>;
}
