import { data } from "react-router";
import { staffPageMoveSchema } from "../../../../core/contracts/pages";
import { translatorFor } from "../../../../core/i18n/i18n";
import { AppError } from "../../../../server/errors";
import { openStaffDesk } from "../../../utils/staff-desk.server";
import type { Route } from "./+types/pages";
import { pagePowers } from "../../../utils/page-powers.server";

/** `/admin/pages` (+ /de): every content page in footer order (decision 035). */
export async function loader({ url, context }: Route.LoaderArgs) {
  const { web, actor, locale } = await openStaffDesk(url, context);
  const pages = await web.services.staffPages.list(actor);
  // What this caller may do to each page (issue 30: the legal pages are protected; staff only read them).
  const powers = Object.fromEntries(pages.map((page) => [page.uuid, pagePowers(actor, page)]));
  return { locale, pages, powers };
}

type Answer = { intent: "move" | "publish" | "delete"; uuid: string; direction?: "up" | "down"; message: string; failed?: true };

/** One post per button: move up/down, publish/unpublish, delete. The answer names the page for the focus to stay on it. */
export async function action({ request, url, context }: Route.ActionArgs) {
  const { web, actor, user, locale } = await openStaffDesk(url, context);
  const t = translatorFor(locale);
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const uuid = String(form.get("uuid") ?? "");
  const nameOf = (page: { translations: Record<string, { name: string } | undefined> }) => page.translations[locale]?.name ?? page.translations.en?.name ?? "";
  try {
    if (!/^[0-9a-f-]{36}$/i.test(uuid)) throw new AppError("VALIDATION_FAILED", "invalidRequest");
    if (intent === "move") {
      const move = staffPageMoveSchema.safeParse({ direction: form.get("direction") });
      if (!move.success) throw new AppError("VALIDATION_FAILED", "invalidRequest");
      const pages = await web.services.staffPages.move(actor, { pageId: uuid, direction: move.data.direction, actorEmail: user.email });
      const page = pages.find((each) => each.uuid === uuid);
      return { intent, uuid, direction: move.data.direction, message: t("admin.pages.moved", { name: page ? nameOf(page) : "" }) } satisfies Answer;
    }
    if (intent === "publish" || intent === "unpublish") {
      const page = await web.services.staffPages.publish(actor, { pageId: uuid, published: intent === "publish", actorEmail: user.email });
      const key = intent === "publish" ? "admin.pages.publishedMessage" : "admin.pages.unpublishedMessage";
      return { intent: "publish", uuid, message: t(key, { name: nameOf(page) }) } satisfies Answer;
    }
    if (intent === "delete") {
      const page = await web.services.staffPages.read(actor, { pageId: uuid });
      await web.services.staffPages.remove(actor, { pageId: uuid, actorEmail: user.email });
      return { intent, uuid, message: t("admin.pages.deleted", { name: nameOf(page) }) } satisfies Answer;
    }
    throw new AppError("VALIDATION_FAILED", "invalidRequest");
  } catch (error) {
    if (!AppError.is(error)) throw error;
    return data({ intent: "delete", uuid, message: error.toResponse(locale).message, failed: true } satisfies Answer, error.status);
  }
}
