import { webContext } from "../../../server/load-context";
import { notFound } from "../../utils/http-errors.server";
import { requireStaffDesk } from "../../utils/staff-desk.server";
import type { Route } from "./+types/not-found";

/** An unknown address under /admin: staff see the 404 page in the back office's frame, anyone else the refusal. */
export async function loader({ url, context }: Route.LoaderArgs) {
  await requireStaffDesk(url, context.get(webContext));
  notFound();
}
