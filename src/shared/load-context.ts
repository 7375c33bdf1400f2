/**
 * What the server hands to React Router's loaders (DESIGN §2): services, not HTTP, so web code never
 * imports server modules and never calls its own API over HTTP while rendering.
 */
export interface PublicFaq {
  id: number;
  question: string;
  answer: string;
}

export interface WebServices {
  /** The site's public origin, for canonical URLs and Open Graph tags (no trailing slash). */
  publicUrl: string;
}

export interface JotItLoadContext {
  /** Per-request nonce of the Content-Security-Policy, for React Router's inline scripts. */
  cspNonce: string;
  services: WebServices;
}
