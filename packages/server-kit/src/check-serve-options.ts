// Refuses, before anything listens, a configuration that would be unsafe or unusable: a bearer
// token no client could ever send, or a non-loopback bind with no token. Server side.

import { isLoopbackHost } from './request-guard.js';

/** A serving configuration the kit will not start with; the message names the fix. */
export class ServeOptionsError extends Error {
  override readonly name = 'ServeOptionsError';
}

export interface CheckedServeOptions {
  name: string;
  host: string;
  bearerToken?: string | undefined;
  /** True when OAuth (the `auth` option) guards the endpoint. */
  oauth: boolean;
}

export function checkServeOptions({ name, host, bearerToken, oauth }: CheckedServeOptions): void {
  if (bearerToken !== undefined) {
    const problem = describeTokenProblem(bearerToken);
    if (problem) throw new ServeOptionsError(`${name}: the bearer token is not valid: ${problem}.`);
    if (oauth) {
      throw new ServeOptionsError(
        `${name}: set either a bearer token or OAuth (the auth option), not both: OAuth already requires a token on every request.`,
      );
    }
  }
  if (!isLoopbackHost(host) && bearerToken === undefined && !oauth) {
    throw new ServeOptionsError(
      `${name}: refusing to listen on ${host} without a bearer token: anyone who can reach that address could use this server. ` +
        'Set a token (--token or KITCHEN_TOKEN; bearerToken in code), or bind 127.0.0.1.',
    );
  }
}

/**
 * Why `token` can never travel as "Authorization: Bearer <token>", or undefined when it can.
 * Header values cannot carry line breaks, a space ends the token, and control or non-ASCII
 * characters are refused or mangled by HTTP clients, so only visible ASCII is accepted.
 */
export function describeTokenProblem(token: string): string | undefined {
  if (token === '') return 'it is empty; use a non-empty token';
  let position = 0;
  for (const character of token) {
    position += 1;
    const code = character.codePointAt(0) ?? 0;
    if (code >= 0x21 && code <= 0x7e) continue;
    return `it contains ${describeCharacter(code)} at position ${position}, so no client could send it in an Authorization header; use visible ASCII characters only (letters, digits, punctuation)`;
  }
  return undefined;
}

function describeCharacter(code: number): string {
  const hex = `U+${code.toString(16).toUpperCase().padStart(4, '0')}`;
  if (code === 0x20) return 'a space';
  if (code === 0x09) return 'a tab';
  if (code === 0x0a || code === 0x0d) return `a line break (${hex})`;
  if (code < 0x20 || code === 0x7f) return `a control character (${hex})`;
  return `a non-ASCII character (${hex})`;
}
