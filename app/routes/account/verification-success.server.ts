import { pageLocale } from "../../utils/auth.server";
import type { Route } from "./+types/verification-success";

export function loader({ url }: Route.LoaderArgs) {
  return { locale: pageLocale(url) };
}
