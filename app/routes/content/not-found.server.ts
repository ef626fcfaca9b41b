import { notFound } from "../../utils/http-errors.server";

/** Any path no other route matches: the 404 page, with status 404. */
export function loader() {
  notFound();
}
