import { data } from "react-router";
import { saveWaiverTextSchema } from "../../../../core/contracts/waivers";
import { formatDateTime } from "../../../../core/domain/dates";
import { translatorFor } from "../../../../core/i18n/i18n";
import { locales } from "../../../../core/i18n/locales";
import { AppError } from "../../../../server/errors";
import { webContext } from "../../../../server/load-context";
import { pageLocale } from "../../../utils/auth.server";
import { requireStaffDesk } from "../../../utils/staff-desk.server";
import type { Route } from "./+types/waivers";

/**
 * `/admin/waivers` (+ /de): the waiver texts and their versions (decision 080); `?edit={uuid}` starts a
 * new version from the newest one's words.
 */
export async function loader({ url, context }: Route.LoaderArgs) {
  const web = context.get(webContext);
  const { actor } = await requireStaffDesk(url, web);
  const locale = pageLocale(url);
  const texts = await web.services.waivers.listTexts(actor);
  const editing = texts.find((text) => text.id === url.searchParams.get("edit")) ?? null;
  const latest = editing?.versions[0] ?? null;
  return {
    locale,
    texts: texts.map((text) => ({
      id: text.id,
      name: text.name,
      versions: text.versions.map((version) => ({
        id: version.id,
        version: version.version,
        title: version.title[locale] ?? version.title.en,
        when: formatDateTime(version.createdAt, locale),
        by: version.createdBy,
      })),
    })),
    editing: editing && latest ? { id: editing.id, name: editing.name, next: latest.version + 1, title: latest.title, body: latest.body } : null,
  };
}

const fieldNames = ["waiver_id", "name", ...locales.flatMap((language) => [`title.${language}`, `body.${language}`])] as const;

export async function action({ request, url, context }: Route.ActionArgs) {
  const web = context.get(webContext);
  const { actor, user } = await requireStaffDesk(url, web);
  const locale = pageLocale(url);
  const t = translatorFor(locale);
  const form = await request.formData();
  const values: Record<string, string> = Object.fromEntries(fieldNames.map((name) => [name, String(form.get(name) ?? "")]));
  const parsed = saveWaiverTextSchema.safeParse({
    ...(values.waiver_id ? { waiver_id: values.waiver_id } : {}),
    name: values.name,
    title: Object.fromEntries(locales.map((language) => [language, values[`title.${language}`]])),
    body: Object.fromEntries(locales.map((language) => [language, values[`body.${language}`]])),
  });
  if (!parsed.success) {
    const errors: Record<string, string> = {};
    for (const issue of parsed.error.issues) errors[issue.path.join(".")] = t("admin.waivers.required");
    return data({ values, errors, message: t("admin.waivers.invalid"), failed: true }, 422);
  }
  try {
    const saved = await web.services.waivers.saveText(actor, { ...parsed.data, staffEmail: user.email });
    return { values: null, errors: {}, message: t("admin.waivers.saved", { version: saved.version, name: parsed.data.name }), failed: false };
  } catch (error) {
    if (!AppError.is(error)) throw error;
    return data({ values, errors: {}, message: error.toResponse(locale).message, failed: true }, error.status);
  }
}
