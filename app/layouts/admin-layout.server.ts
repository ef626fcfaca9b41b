import { webContext } from "../../server/load-context";
import { pageLocale } from "../utils/auth.server";
import { requireStaffDesk } from "../utils/staff-desk.server";
import type { Route } from "./+types/admin-layout";

/** The back office's frame: who is signed in. Each page's loader asks `requireStaffDesk` again (loaders run side by side). */
export async function loader({ url, context }: Route.LoaderArgs) {
  const { user } = await requireStaffDesk(url, context.get(webContext));
  return { locale: pageLocale(url), staff: { name: user.name, email: user.email, role: user.role } };
}
