import { data, redirect } from "react-router";
import { signWaiverSchema } from "../../../core/contracts/waivers";
import { formatDateRange, formatDateTime } from "../../../core/domain/dates";
import { translatorFor } from "../../../core/i18n/i18n";
import { AppError } from "../../../server/errors";
import { actorOfSession } from "../../../server/http/web-session-actor";
import { webContext } from "../../../server/load-context";
import { pageLocale } from "../../utils/auth.server";
import { notFound } from "../../utils/http-errors.server";
import type { Route } from "./+types/waiver";

const goneOf = (error: unknown) => (AppError.is(error) && error.code === "GONE" ? (error.messageKey === "manageLinkExpired" ? ("expired" as const) : ("revoked" as const)) : null);

/**
 * `/waiver/{token}` (+ /de): one person's waiver (decision 080) through their own signed link: the text
 * to sign and the form, or that it is signed (with the PDF), or that none is needed. A wrong link is the
 * 404 page; a revoked or expired one answers 410 with the manage page's words.
 */
export async function loader({ url, params, context }: Route.LoaderArgs) {
  const web = context.get(webContext);
  const locale = pageLocale(url);
  try {
    const page = await web.services.waivers.page(actorOfSession(await web.session()), { access: { waiverToken: params.token }, locale });
    return {
      locale,
      gone: null,
      justSigned: url.searchParams.get("signed") === "1",
      page: {
        ...page,
        dates: formatDateRange(page.startsOn, page.endsOn, locale),
        signedOn: page.signed ? formatDateTime(page.signed.signedAt, locale) : null,
        pdfHref: `${url.pathname}/pdf`,
      },
    };
  } catch (error) {
    const gone = goneOf(error);
    if (gone) return data({ locale, gone, justSigned: false, page: null }, { status: 410 });
    if (AppError.is(error) && error.code === "NOT_FOUND") notFound();
    throw error;
  }
}

const fieldOfPath: Record<string, "full_name" | "date_of_birth" | "agreed" | "signature_png"> = {
  full_name: "full_name",
  date_of_birth: "date_of_birth",
  agreed: "agreed",
  signature_png: "signature_png",
};

/** Signing: the form posts the typed name, the date of birth, the tick and, where drawn, the signature as a PNG data URL. */
export async function action({ request, url, params, context }: Route.ActionArgs) {
  const web = context.get(webContext);
  const locale = pageLocale(url);
  const t = translatorFor(locale);
  const form = await request.formData();
  const values = {
    full_name: String(form.get("full_name") ?? ""),
    date_of_birth: String(form.get("date_of_birth") ?? ""),
    signature_png: String(form.get("signature_png") ?? ""),
  };
  const parsed = signWaiverSchema.safeParse({
    version_id: String(form.get("version_id") ?? ""),
    full_name: values.full_name,
    date_of_birth: values.date_of_birth,
    ...(values.signature_png ? { signature_png: values.signature_png } : {}),
    agreed: form.get("agreed") === "on" ? true : false,
  });
  if (!parsed.success) {
    const errors: Record<string, string> = {};
    for (const issue of parsed.error.issues) {
      const field = fieldOfPath[String(issue.path[0])];
      if (field === "full_name") errors.full_name = t("waiver.page.nameRequired");
      if (field === "date_of_birth") errors.date_of_birth = t("waiver.page.dateRequired");
      if (field === "agreed") errors.agreed = t("waiver.page.agreeRequired");
      if (field === "signature_png") errors.signature = t("waiver.page.invalid");
    }
    return data({ message: t("waiver.page.invalid"), errors, values }, 422);
  }
  try {
    await web.services.waivers.sign(actorOfSession(await web.session()), {
      ...parsed.data,
      access: { waiverToken: params.token },
      locale,
      ipAddress: web.clientAddress,
      userAgent: request.headers.get("user-agent"),
    });
  } catch (error) {
    if (AppError.is(error) && (error.code === "CONFLICT" || error.code === "GONE" || error.code === "VALIDATION_FAILED")) {
      return data({ message: error.toResponse(locale).message, errors: {}, values }, error.status);
    }
    if (AppError.is(error) && error.code === "NOT_FOUND") notFound();
    throw error;
  }
  return redirect(`${url.pathname}?signed=1`);
}

