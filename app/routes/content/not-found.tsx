export { loader } from "./not-found.server";
export default function NotFound() {
  return null;
}
