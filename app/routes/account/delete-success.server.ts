import { pageLocale } from "../../utils/auth.server";
import type { Route } from "./+types/delete-success";

export function loader({ url }: Route.LoaderArgs) {
  return { locale: pageLocale(url) };
}
