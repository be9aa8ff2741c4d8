// The web UI's owner credential: a secret made at each start and printed in the address, as
// Jupyter does. App side. Host and Origin checks stop other sites; this stops other local
// processes, which can reach a loopback port as easily as the browser can.

import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { NextFunction, Request, Response } from 'express';

/** The header the page sends with every API call; the event stream, which cannot set headers, uses `?token=`. */
export const OWNER_TOKEN_HEADER = 'x-kitchen-token';

/** 192 random bits, URL-safe, fresh at every start. */
export function createOwnerToken(): string {
  return randomBytes(24).toString('base64url');
}

/** What a fixed token ($KITCHEN_WEB_TOKEN) must look like: URL-safe, long enough not to be guessed. */
export const FIXED_TOKEN = /^[A-Za-z0-9_-]{24,128}$/;

/** The address a person opens: the page reads the token from it and keeps it for the tab. */
export function ownerAddress(baseUrl: string, token: string): string {
  return `${baseUrl}?token=${token}`;
}

/** Express middleware for /api: the token must come with every call, in the header or the query. */
export function requireOwnerToken(token: string) {
  const expected = Buffer.from(token);
  return (request: Request, response: Response, next: NextFunction): void => {
    const header = request.headers[OWNER_TOKEN_HEADER];
    const query = request.query.token;
    const given = typeof header === 'string' ? header : typeof query === 'string' ? query : undefined;
    if (given !== undefined && sameSecret(Buffer.from(given), expected)) {
      next();
      return;
    }
    response.status(401).json({
      error:
        given === undefined
          ? 'This kitchen needs its access token: open the address `kitchen web` printed (it ends in ?token=…).'
          : 'The access token does not match this kitchen: it changes at every start; open the address `kitchen web` printed this time.',
    });
  };
}

function sameSecret(given: Buffer, expected: Buffer): boolean {
  return given.length === expected.length && timingSafeEqual(given, expected);
}
