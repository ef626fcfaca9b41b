import { useContext } from "react";
import { Link as RouterLink, NavLink as RouterNavLink, useLocation, type LinkProps, type NavLinkProps } from "react-router";
import { StaticRenderContext } from "../utils/static-page";

/**
 * The site's links: React Router's `Link` and `NavLink`, except while the server renders a page
 * without hydration (decision 056), where a plain absolute path is written as the `<a href>` they
 * would give. Such a page has no router in the browser to take the click, and their work to resolve,
 * encode and wire the path (a URL object per link on the server) was 4 % of an uncached `/events`
 * (decision 066). Anything else goes through React Router, so the href is always the router's: a
 * relative path, an object, a character URL encoding would change, and whatever React Router would
 * rewrite (`//`, a `.` or `..` segment, an empty query or fragment), or a masked link.
 */
const plainAbsolutePath = /^\/(?!\/)[\w\-.~/%!$&'()*+,;=:@?#]*$/;
/** In the path: `//`, and anything that could be a `.` or `..` segment (also `%2e`, which URL decodes). */
const rewrittenPath = /\/\/|\/\.|%2e/i;
const emptyQueryOrFragment = /[?#]$|\?#/;

function isPlainPath(to: LinkProps["to"]): to is string {
  if (typeof to !== "string" || !plainAbsolutePath.test(to)) return false;
  const pathEnd = to.search(/[?#]/);
  return !rewrittenPath.test(pathEnd < 0 ? to : to.slice(0, pathEnd)) && !emptyQueryOrFragment.test(to);
}

export function Link(props: LinkProps) {
  const staticRender = useContext(StaticRenderContext);
  const { to, mask } = props;
  if (staticRender && mask === undefined && isPlainPath(to)) {
    // The router's own props have no meaning on a plain link.
    const { to: _to, mask: _mask, defaultShouldRevalidate, discover, prefetch, reloadDocument, replace, state, preventScrollReset, relative, viewTransition, ...anchor } =
      props;
    return <a {...anchor} href={to} />;
  }
  return <RouterLink {...props} />;
}

/** React Router's test for a `NavLink` (no pending navigation on the server): the page is the link's path, or below it unless `end`. */
export function isActivePath(locationPathname: string, toPathname: string, end: boolean, caseSensitive: boolean): boolean {
  const here = caseSensitive ? locationPathname : locationPathname.toLowerCase();
  const there = caseSensitive ? toPathname : toPathname.toLowerCase();
  const endSlashPosition = there !== "/" && there.endsWith("/") ? there.length - 1 : there.length;
  return here === there || (!end && here.startsWith(there) && here.charAt(endSlashPosition) === "/");
}

export function NavLink(props: NavLinkProps) {
  const staticRender = useContext(StaticRenderContext);
  const location = useLocation();
  const { to } = props;
  if (!staticRender || !isPlainPath(to)) return <RouterNavLink {...props} />;
  const { "aria-current": ariaCurrent = "page", caseSensitive = false, className = "", end = false, style, children, ...rest } = props;
  const isActive = isActivePath(location.pathname, to.replace(/[?#].*$/, ""), end, caseSensitive);
  const state = { isActive, isPending: false, isTransitioning: false };
  return (
    <Link
      {...rest}
      aria-current={isActive ? ariaCurrent : undefined}
      className={typeof className === "function" ? className(state) : [className, isActive ? "active" : null].filter(Boolean).join(" ")}
      style={typeof style === "function" ? style(state) : style}
    >
      {typeof children === "function" ? children(state) : children}
    </Link>
  );
}
