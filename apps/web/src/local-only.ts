// Keeps the web UI a local tool: answers only requests addressed to this machine's loopback
// address and, when the browser says where a request comes from, only from the page itself.
// App side. A page on another site (or a DNS-rebound name) must not be able to start runs or
// approve a destructive call in the user's name.

import type { NextFunction, Request, Response } from 'express';

/** Express middleware; `port` is read per request because it is known only after listen(). */
export function localOnly(port: () => number) {
  return (request: Request, response: Response, next: NextFunction): void => {
    const allowedHosts = [`127.0.0.1:${port()}`, `localhost:${port()}`];
    const host = request.headers.host ?? '';
    if (!allowedHosts.includes(host.toLowerCase())) {
      response.status(403).json({
        error: `Host "${host}" is not allowed: the kitchen web UI answers only http://127.0.0.1:${port()}/ (or localhost).`,
      });
      return;
    }
    const origin = request.headers.origin;
    if (origin !== undefined && !allowedHosts.some((allowed) => origin.toLowerCase() === `http://${allowed}`)) {
      response.status(403).json({
        error: `Origin "${origin}" is not allowed: only the kitchen's own page (http://127.0.0.1:${port()}) may call this API.`,
      });
      return;
    }
    // Browsers that send Fetch Metadata say so even when they leave Origin out (a GET from a link).
    if (request.headers['sec-fetch-site'] === 'cross-site' && request.path.startsWith('/api/')) {
      response
        .status(403)
        .json({ error: 'Cross-site requests are not allowed: open the kitchen web UI itself and use it from there.' });
      return;
    }
    next();
  };
}

/** Headers for every answer: no framing, no sniffing, scripts and styles from this server only. */
export function securityHeaders(_request: Request, response: Response, next: NextFunction): void {
  response.setHeader(
    'Content-Security-Policy',
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'self'",
  );
  response.setHeader('X-Content-Type-Options', 'nosniff');
  response.setHeader('Referrer-Policy', 'no-referrer');
  response.setHeader('X-Frame-Options', 'DENY');
  next();
}
