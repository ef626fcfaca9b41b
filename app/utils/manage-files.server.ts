import { translatorFor } from "../../core/i18n/i18n";
import type { Locale } from "../../core/i18n/locales";
import { AppError } from "../../server/errors";

type Gone = { gone: "expired" | "revoked" };

/** A download through a manage link: a revoked or expired link answers 410, not a file. */
export async function manageFileCall<T>(work: () => Promise<T>): Promise<T | Gone> {
  try {
    return await work();
  } catch (error) {
    if (AppError.is(error) && error.code === "GONE") return { gone: error.messageKey === "manageLinkExpired" ? "expired" : "revoked" };
    throw error;
  }
}

/** The 410 of a download whose link is no more, in plain text (a download has no page around it). */
export function goneResponse(locale: Locale, gone: Gone["gone"]): Response {
  const t = translatorFor(locale);
  return new Response(t(gone === "expired" ? "manage.expiredTitle" : "manage.revokedTitle"), {
    status: 410,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
  });
}
