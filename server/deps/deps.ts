import type { RateLimiter } from "../auth/rate-limiter";
import type { DatevSettings } from "../../core/domain/datev-extf";
import type { AccountsDeps } from "./accounts-deps";
import type { ReadCache } from "./cache";
import type { FileStore } from "./file-store";
import type { ImageStore } from "./image-store";
import type { PaymentProviders } from "./payment-provider";

/**
 * Everything the domain verbs need, built once at boot: the database, the clock, the mail outbox,
 * the token signer, the payment providers, the rate limits (in the database) and the read cache. Verbs take the
 * part they use (`Pick<Deps, …>`); only the composition root (server/services/) sees all of it.
 * It sits under the domain (decision 074): the verbs import it, it imports none of them.
 */
export type Deps = AccountsDeps & {
  /** Signs pay links (the same secret as the access tokens). */
  payLinkSecret: string;
  /** Signs "manage my booking" links (server/bookings/manage-links.ts; the same secret, its own MAC prefix). */
  manageLinkSecret: string;
  /** The enabled card payment providers by name, the default first (decision 071). */
  paymentProviders: PaymentProviders;
  /** Public reads (site, menu, event list); touched only through cached-read.ts. */
  reads: ReadCache;
  draftLimiter: RateLimiter;
  /** "Send me a new link" on the manage page, counted per booking (decision 023). */
  manageLinkLimiter: RateLimiter;
  /** "Notify me" sign-ups per client address and hour (server/catalog/opening-notices.ts). */
  openingNoticeLimiter: RateLimiter;
  /** `files`: the booking uploads' store (decision 049): `fileStore`, else the folder `uploadsDir`. */
  uploads: { files: FileStore; idleTimeoutMs: number | undefined; bytesPerDraft: number | undefined };
  /** The resized event images (decision 040): `imageStore`, else `<uploadsDir>/images`. */
  images: ImageStore;
  /** The widget's frame-ancestors when the site settings leave them empty (decision 035). */
  widgetFrameAncestorsDefault: string;
  /** The DATEV booking batch's settings, or null when DATEV_* are not set (decision 069). */
  datev: DatevSettings | null;
  /** How long a customer's "booking details changed" mail waits for further staff edits to join it (issue 32). */
  editMailDelayMs: number;
};

