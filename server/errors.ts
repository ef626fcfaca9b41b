import { httpStatusOfCode, type AppErrorCode, type ConflictReason, type ErrorResponse, type FieldErrors } from "../core/contracts/errors";
import { translatorFor } from "../core/i18n/i18n";
import type { Locale } from "../core/i18n/locales";
import type en from "../core/i18n/locales/en/common.json";

/** A message with plural forms (`key_one`, `key_other`) is thrown by its base key with a `count` param. */
type WithoutPluralSuffix<Key> = Key extends `${infer Base}_${"zero" | "one" | "two" | "few" | "many" | "other"}` ? Base : Key;

export type ApiMessageKey = WithoutPluralSuffix<keyof (typeof en)["api"]>;

/**
 * The one error type of the server. Services throw it with a catalogue key; the API and the web
 * translate it into the language of the request when they answer.
 */
const appErrorBrand = Symbol.for("event-booking.app-error");

export class AppError extends Error {
  /** The web build bundles its own copy of this module, so `instanceof` fails across that boundary; this registered symbol does not. */
  readonly [appErrorBrand] = true;
  readonly code: AppErrorCode;
  readonly messageKey: ApiMessageKey;
  readonly fieldErrors: FieldErrors | undefined;
  readonly params: Record<string, string | number>;
  /** Seconds a client should wait before trying again (rate limits). */
  readonly retryAfterSeconds: number | undefined;
  readonly participantErrors: Record<string, FieldErrors> | undefined;
  readonly pageErrors: string[] | undefined;
  readonly reason: ConflictReason | undefined;
  /** A draft page save that kept invalid answers: the draft's version after it (decision 021). */
  readonly draftVersion: number | undefined;

  constructor(
    code: AppErrorCode,
    messageKey: ApiMessageKey,
    options: {
      fieldErrors?: FieldErrors;
      params?: Record<string, string | number>;
      retryAfterSeconds?: number;
      participantErrors?: Record<string, FieldErrors>;
      pageErrors?: string[];
      reason?: ConflictReason;
      draftVersion?: number;
    } = {},
  ) {
    super(messageKey);
    this.name = "AppError";
    this.code = code;
    this.messageKey = messageKey;
    this.fieldErrors = options.fieldErrors;
    this.params = options.params ?? {};
    this.retryAfterSeconds = options.retryAfterSeconds;
    this.participantErrors = options.participantErrors && Object.keys(options.participantErrors).length ? options.participantErrors : undefined;
    this.pageErrors = options.pageErrors?.length ? options.pageErrors : undefined;
    this.reason = options.reason;
    this.draftVersion = options.draftVersion;
  }

  static is(value: unknown): value is AppError {
    return typeof value === "object" && value !== null && (value as Record<symbol, unknown>)[appErrorBrand] === true;
  }

  get status() {
    return httpStatusOfCode[this.code];
  }

  toResponse(locale: Locale): ErrorResponse {
    const message = translatorFor(locale)(`api.${this.messageKey}`, this.params);
    const response: ErrorResponse = { message, code: this.code };
    if (this.fieldErrors) response.errors = this.fieldErrors;
    if (this.participantErrors) {
      response.participant_errors = this.participantErrors;
      response.has_participant_error = true;
    }
    if (this.pageErrors) response.page_errors = this.pageErrors;
    if (this.reason) response.reason = this.reason;
    if (this.draftVersion !== undefined) response.version = this.draftVersion;
    return response;
  }
}

export function notFound(messageKey: ApiMessageKey = "notFound"): AppError {
  return new AppError("NOT_FOUND", messageKey);
}
