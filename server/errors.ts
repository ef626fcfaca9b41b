import { httpStatusOfCode, type AppErrorCode, type ErrorResponse, type FieldErrors } from "../core/contracts/errors";
import { translatorFor } from "../core/i18n/i18n";
import type { Locale } from "../core/i18n/locales";
import type en from "../core/i18n/locales/en.json";

export type ApiMessageKey = keyof (typeof en)["api"];

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

  constructor(
    code: AppErrorCode,
    messageKey: ApiMessageKey,
    options: { fieldErrors?: FieldErrors; params?: Record<string, string | number>; retryAfterSeconds?: number } = {},
  ) {
    super(messageKey);
    this.name = "AppError";
    this.code = code;
    this.messageKey = messageKey;
    this.fieldErrors = options.fieldErrors;
    this.params = options.params ?? {};
    this.retryAfterSeconds = options.retryAfterSeconds;
  }

  static is(value: unknown): value is AppError {
    return typeof value === "object" && value !== null && (value as Record<symbol, unknown>)[appErrorBrand] === true;
  }

  get status() {
    return httpStatusOfCode[this.code];
  }

  toResponse(locale: Locale): ErrorResponse {
    const message = translatorFor(locale)(`api.${this.messageKey}`, this.params);
    return this.fieldErrors ? { message, code: this.code, errors: this.fieldErrors } : { message, code: this.code };
  }
}

export function notFound(messageKey: ApiMessageKey = "notFound"): AppError {
  return new AppError("NOT_FOUND", messageKey);
}
