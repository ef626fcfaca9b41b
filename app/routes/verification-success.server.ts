import { pageLocale } from "../utils/auth.server";
import type { Route } from "./+types/verification-success";

export function loader({ request }: Route.LoaderArgs) {
  return { locale: pageLocale(request) };
}
