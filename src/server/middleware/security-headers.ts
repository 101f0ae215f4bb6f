/**
 * The security headers, by what an answer is (ADR 030). Every answer carries the ones that protect any resource;
 * documents a browser renders (HTML, SVG) carry the rest as well: the CSP, framing, referrer, opener and permission
 * policies mean nothing on JSON, a script or an image, and sending them on every API answer cost more than the
 * answer's own work.
 */
export interface SecurityHeaders {
  /** Every answer: no content sniffing, not readable as a cross-origin resource, HSTS in production. */
  any: readonly (readonly [string, string])[];
  /** Added on documents: the web app is built to run under this CSP (scripts only from our origin, no inline script, no eval; inline styles are allowed because React and chart libraries set style attributes). */
  document: readonly (readonly [string, string])[];
}

const CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "media-src 'self' blob:",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

export function securityHeaders(opts: { production: boolean }): SecurityHeaders {
  const any: [string, string][] = [
    ['x-content-type-options', 'nosniff'],
    ['cross-origin-resource-policy', 'same-origin'],
  ];
  if (opts.production) any.push(['strict-transport-security', 'max-age=31536000; includeSubDomains']);
  const document: [string, string][] = [
    ['content-security-policy', CSP],
    ['x-frame-options', 'DENY'],
    ['referrer-policy', 'strict-origin-when-cross-origin'],
    ['cross-origin-opener-policy', 'same-origin'],
    ['origin-agent-cluster', '?1'],
    ['permissions-policy', 'camera=(self), microphone=(), geolocation=()'],
    ['x-dns-prefetch-control', 'off'],
    ['x-download-options', 'noopen'],
    ['x-permitted-cross-domain-policies', 'none'],
    ['x-xss-protection', '0'],
  ];
  return { any, document };
}

/** Whether a content type is a document a browser renders, with scripts it could run. */
export function isDocument(contentType: string | null): boolean {
  return contentType !== null && (contentType.startsWith('text/html') || contentType.startsWith('image/svg+xml'));
}
