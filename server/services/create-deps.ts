import path from "node:path";
import { totpEncryptionKey } from "../auth/totp";
import { createAccessTokens, type AccessTokens } from "../auth/access-tokens";
import { createRateLimitStore } from "../auth/rate-limiter";
import { createDraftLimiter } from "../bookings/draft-limiter";
import { manageLinksPerBookingPerHour } from "../bookings/manage-renewal";
import type { Database, Queryable } from "../db/client";
import type { CrossProcessSignal } from "../db/cross-process-signal";
import type { DatevSettings } from "../../core/domain/datev-extf";
import { createAccountLimits, createAfterAnswer, HomeAddresses } from "../deps/accounts-deps";
import { ReadCache } from "../deps/cache";
import type { Deps } from "../deps/deps";
import { enqueueEmail, type EmailToSend } from "../deps/enqueue-email";
import { folderFileStore, type FileStore } from "../deps/file-store";
import { folderImageStore, type ImageStore } from "../deps/image-store";
import type { PaymentProvider, PaymentProviderName, PaymentProviders } from "../deps/payment-provider";

export type ServicesOptions = {
  /** How long public read data may be reused between requests (0 disables the cache). */
  cacheTtlMs: number;
  now?: () => Date;
  /** Signs access tokens (and the device cookies and pay links). */
  jwtSecret: string;
  /** Outside production only: the demo staff logins' second factor works with the secret printed at start-up. */
  allowDemoTotpSecrets?: boolean;
  /** Absolute origin for links in e-mails. */
  publicOrigin: string;
  /** How long a "booking details changed" mail waits for further staff edits to join it; 5 minutes when left out (issue 32). */
  editMailDelayMs?: number;
  /** Stores a mail in the caller's transaction; defaults to the e-mail outbox. */
  enqueueMail?: (tx: Queryable, mail: EmailToSend) => Promise<unknown>;
  rateLimitMultiplier?: number;
  /** Where failures of work done after an answer (password reset mails) are reported. */
  logError?: (error: unknown) => void;
  /**
   * The enabled card payment providers, the operator's default first (PAYMENT_PROVIDERS; decision 071);
   * without any, card payments are refused. Each name at most once.
   */
  paymentProviders?: readonly PaymentProvider[];
  /**
   * Where booking uploads and event images are stored (`<DATA_DIR>/uploads`, outside the web root).
   * Always given, so that no upload meets a missing folder (tests pass a temporary one).
   */
  uploadsDir: string;
  /** An upload that sends nothing for this long is cut off (UPLOAD_IDLE_TIMEOUT_SECONDS; default 30 s). */
  uploadIdleTimeoutMs?: number;
  /** The most bytes of files one draft may hold (default: three times its form's largest allowed file). */
  uploadBytesPerDraft?: number;
  /** New drafts one client address may open per hour, before the multiplier (default `draftsPerClientPerHour`). */
  draftsPerClientPerHour?: number;
  /** Where resized event images go (decision 040); default: the folder `<uploadsDir>/images`. */
  imageStore?: ImageStore;
  /** Where booking uploads go (decision 049): the S3 bucket when configured; default: the folder `uploadsDir`. */
  fileStore?: FileStore;
  /** Who may frame the event widget when the site settings name nobody (env WIDGET_FRAME_ANCESTORS; default `*`). */
  widgetFrameAncestors?: string;
  /**
   * Several processes on one PostgreSQL (decision 050): a write that drops the read cache here tells the
   * others, and theirs are dropped when they write. Without it (PGlite, one process) the cache is this process's own.
   */
  crossProcessSignal?: Pick<CrossProcessSignal, "publish" | "subscribe"> | undefined;
  /** The DATEV booking batch's adviser and client numbers, chart and fiscal year (env DATEV_*; decision 069). Without them the batch is refused. */
  datev?: DatevSettings | null;
};

export function createDeps(db: Database, options: ServicesOptions): Deps {
  const now = options.now ?? (() => new Date());
  const accessTokens: AccessTokens = createAccessTokens(options.jwtSecret, now);
  const multiplier = options.rateLimitMultiplier ?? 1;
  // Counted in the database, so every process serving the site shares the same limits.
  const rateLimits = createRateLimitStore(db, () => now().getTime());
  return {
    db,
    now,
    accessTokens,
    deviceSecret: options.jwtSecret,
    totpKey: totpEncryptionKey(options.jwtSecret),
    allowDemoTotpSecrets: options.allowDemoTotpSecrets ?? false,
    payLinkSecret: options.jwtSecret,
    manageLinkSecret: options.jwtSecret,
    enqueueMail: options.enqueueMail ?? enqueueEmail,
    publicOrigin: options.publicOrigin,
    limits: createAccountLimits(rateLimits, multiplier),
    homeAddresses: new HomeAddresses(),
    afterAnswer: createAfterAnswer(options.logError),
    paymentProviders: providersByName(options.paymentProviders ?? []),
    reads: sharedReadCache(options),
    draftLimiter: createDraftLimiter(rateLimits, options.draftsPerClientPerHour, multiplier),
    manageLinkLimiter: rateLimits.fixedWindow("manage-link-renewals", { limit: manageLinksPerBookingPerHour * multiplier, windowMs: 60 * 60_000, by: "value" }),
    openingNoticeLimiter: rateLimits.fixedWindow("opening-notice-ip", { limit: 10 * multiplier, windowMs: 60 * 60_000, by: "address" }),
    uploads: {
      files: options.fileStore ?? folderFileStore(options.uploadsDir),
      idleTimeoutMs: options.uploadIdleTimeoutMs,
      bytesPerDraft: options.uploadBytesPerDraft,
    },
    images: options.imageStore ?? folderImageStore(path.join(options.uploadsDir, "images")),
    widgetFrameAncestorsDefault: options.widgetFrameAncestors || "*",
    datev: options.datev ?? null,
    editMailDelayMs: options.editMailDelayMs ?? 5 * 60_000,
  };
}

/** The read cache, joined to the other processes' when there are any (the page micro-cache follows its version). */
function sharedReadCache(options: ServicesOptions): ReadCache {
  const reads = new ReadCache(options.cacheTtlMs);
  const signal = options.crossProcessSignal;
  if (signal) {
    reads.onInvalidate((scope) => signal.publish(scope));
    // Null (a lost connection: writes may have been missed) or a message this build does not know: drop everything.
    signal.subscribe((message) => reads.invalidateFromElsewhere(message === "availability" ? "availability" : "everything"));
  }
  return reads;
}

/** The providers by name in the given order; a name given twice is a configuration error, refused at boot. */
function providersByName(list: readonly PaymentProvider[]): PaymentProviders {
  const byName = new Map<PaymentProviderName, PaymentProvider>();
  for (const provider of list) {
    if (byName.has(provider.name)) throw new Error(`the payment provider ${provider.name} is given twice`);
    byName.set(provider.name, provider);
  }
  return byName;
}
