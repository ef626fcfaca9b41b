import { createContext, useContext } from "react";

/**
 * The request's Content-Security-Policy nonce, provided by app/entry.server.tsx while the page is
 * rendered on the server. In the browser it is empty: the scripts are already running then, and
 * browsers hide a nonce attribute's value from the page anyway. Undefined on a page without
 * hydration: its inline scripts are fixed text the policy allows by hash, its JSON-LD is data, which
 * CSP does not check (decision 059).
 */
export const CspNonceContext = createContext<string | undefined>(undefined);

export function useCspNonce(): string | undefined {
  return useContext(CspNonceContext);
}
