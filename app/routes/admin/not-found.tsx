export { loader } from "./not-found.server";

/** Never rendered: the loader always throws (the layout's error boundary shows the page). */
export default function AdminNotFound() {
  return null;
}
