import { data } from "react-router";

/** Any path no other route matches: the 404 page, with status 404. */
export function loader() {
  throw data(null, { status: 404 });
}

export default function NotFound() {
  return null;
}
