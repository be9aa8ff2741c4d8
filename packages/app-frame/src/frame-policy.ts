// The headers an MCP App's frame document is served with: the CSP its resource asks for in
// `_meta.ui.csp`, and nothing more. Pure; used by the apps' HTTP servers (node side). The page
// that holds the frame adds `sandbox="allow-scripts"`; the header's own `sandbox` directive keeps
// the document sandboxed even when it is opened on its own, outside the frame.

/** The origins an App asks for (SEP-1865's McpUiResourceCsp); each list empty or absent: none. */
export interface FrameCsp {
  connectDomains?: string[];
  resourceDomains?: string[];
  frameDomains?: string[];
  baseUriDomains?: string[];
}

/** An origin as a CSP source: a scheme, a host (a leading `*.` allowed) and maybe a port. */
const ORIGIN_SOURCE = /^(https?|wss?):\/\/(\*\.)?[a-z0-9-]+(\.[a-z0-9-]+)*(:\d{1,5})?$/i;

export interface FramePolicy {
  /** The Content-Security-Policy header's value. */
  policy: string;
  /** What the App asked for that is not an origin (and so was left out), for the person. */
  refused: string[];
}

/**
 * The CSP of an App's frame document. Scripts and styles may be inline (an App is one HTML
 * resource) or from the App's resourceDomains; the network, nested frames and `<base>` only reach
 * what the App declared, so an App that declares nothing reaches nothing. Only `hostOrigin` (the
 * page that renders it) may frame it.
 */
export function appFramePolicy(csp: FrameCsp, hostOrigin: string): FramePolicy {
  const refused: string[] = [];
  const origins = (list: string[] | undefined) =>
    (list ?? []).filter((origin) => {
      const ok = ORIGIN_SOURCE.test(origin);
      if (!ok) refused.push(origin);
      return ok;
    });
  const resources = origins(csp.resourceDomains);
  const connect = origins(csp.connectDomains);
  const frames = origins(csp.frameDomains);
  const bases = origins(csp.baseUriDomains);
  const orNone = (list: string[]) => (list.length === 0 ? "'none'" : list.join(' '));
  const directives = [
    "default-src 'none'",
    `script-src 'unsafe-inline' ${resources.join(' ')}`.trim(),
    `style-src 'unsafe-inline' ${resources.join(' ')}`.trim(),
    `img-src data: blob: ${resources.join(' ')}`.trim(),
    `font-src data: ${resources.join(' ')}`.trim(),
    `media-src data: blob: ${resources.join(' ')}`.trim(),
    `connect-src ${orNone(connect)}`,
    `frame-src ${orNone(frames)}`,
    `base-uri ${orNone(bases)}`,
    "form-action 'none'",
    `frame-ancestors ${hostOrigin}`,
    'sandbox allow-scripts',
  ];
  return { policy: directives.join('; '), refused };
}

/** Every header of a frame document's answer. */
export function appFrameHeaders(csp: FrameCsp, hostOrigin: string): Record<string, string> {
  return {
    'Content-Security-Policy': appFramePolicy(csp, hostOrigin).policy,
    'Content-Type': 'text/html; charset=utf-8',
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'no-referrer',
    'Cache-Control': 'no-store',
  };
}
