import { useTranslation } from "../utils/use-translation";
import { isRouteErrorResponse } from "react-router";
import { useLocalizedHref, useRootData } from "../utils/locale";
import { Button } from "./button";

export function errorStatus(error: unknown): number {
  if (isRouteErrorResponse(error)) return error.status;
  return 500;
}

/** A limit's explanation (429, 413) that a loader threw as `data({ message }, status)`, already localized. */
function limitMessageOf(error: unknown): string | null {
  if (!isRouteErrorResponse(error) || (error.status !== 429 && error.status !== 413)) return null;
  const message: unknown = (error.data as { message?: unknown } | null)?.message;
  return typeof message === "string" ? message : null;
}

/** A staff member refused on an admins' page (`forbidden("admins")`): the page says it is for admins. */
function isAdminsOnly(error: unknown): boolean {
  return isRouteErrorResponse(error) && error.status === 403 && (error.data as { forbidden?: unknown } | null)?.forbidden === "admins";
}

/** Spec §8: 'Oops!' for a missing page; 'An error occurred' with the way to support otherwise. */
export function ErrorPage({ error }: { error: unknown }) {
  const { t } = useTranslation();
  const href = useLocalizedHref();
  const site = useRootData()?.site;
  const status = errorStatus(error);
  const notFound = status === 404;
  // The input guard's refusal (decision 010) reaches here when the form was sent with JavaScript.
  const badRequest = status === 400;
  // The back office refuses customers (decision 027).
  const forbidden = status === 403;
  const limitMessage = limitMessageOf(error);
  const title = notFound
    ? t("error.notFoundTitle")
    : badRequest
      ? t("error.badRequestTitle")
      : forbidden
        ? t("error.forbiddenTitle")
        : limitMessage
          ? t("error.limitTitle")
          : t("error.title");
  const text = notFound
    ? t("error.notFoundText")
    : badRequest
      ? t("error.badRequestText")
      : forbidden
        ? t(isAdminsOnly(error) ? "error.adminsOnlyText" : "error.forbiddenText")
        : (limitMessage ?? t("error.text"));
  return (
    <section className="mx-auto flex max-w-2xl flex-col items-center px-4 py-20 text-center sm:py-28" aria-labelledby="error-title">
      <p className="font-display text-7xl font-bold text-navy-700" aria-hidden="true">
        {status}
      </p>
      <h1 id="error-title" className="mt-4 font-display text-4xl font-bold text-navy-900">
        {title}
      </h1>
      <p className="mt-4 text-lg text-ink-soft">{text}</p>
      <p className="mt-2 text-sm text-ink-soft">
        {status} · {notFound ? t("error.notFoundStatus") : t("error.status", { status })}
      </p>
      {!notFound && site && <p className="mt-4 text-sm text-ink-soft">{t("error.support", { email: site.support_email, hours: site.support_hours })}</p>}
      <Button to={href("/events")} className="mt-8" size="lg">
        {t("error.backToEvents")}
      </Button>
    </section>
  );
}
