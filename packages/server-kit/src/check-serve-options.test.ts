// The configurations the kit refuses before listening: unsendable tokens, a non-loopback bind
// without a token, a token beside OAuth. Server side, pure.

import { describe, expect, it } from 'vitest';
import { checkServeOptions, describeTokenProblem, ServeOptionsError } from './check-serve-options.js';

describe('describeTokenProblem', () => {
  it('accepts visible ASCII tokens', () => {
    expect(describeTokenProblem('s3cret-TOKEN_~+/=.')).toBeUndefined();
  });

  it('names the character and its position for a token no client could send', () => {
    expect(describeTokenProblem('a b')).toBe(
      'it contains a space at position 2, so no client could send it in an Authorization header; use visible ASCII characters only (letters, digits, punctuation)',
    );
    expect(describeTokenProblem('tab\there')).toMatch(/^it contains a tab at position 4/);
    expect(describeTokenProblem('line\n')).toMatch(/^it contains a line break \(U\+000A\) at position 5/);
    expect(describeTokenProblem('\u0007bell')).toMatch(/^it contains a control character \(U\+0007\) at position 1/);
    expect(describeTokenProblem('café')).toMatch(/^it contains a non-ASCII character \(U\+00E9\) at position 4/);
    expect(describeTokenProblem('zero\u200bwidth')).toMatch(/non-ASCII character \(U\+200B\) at position 5/);
    expect(describeTokenProblem('')).toBe('it is empty; use a non-empty token');
  });
});

describe('checkServeOptions', () => {
  it('lets loopback addresses serve without a token', () => {
    for (const host of ['127.0.0.1', '127.8.9.10', 'localhost', '::1', '[::1]']) {
      expect(() => checkServeOptions({ name: 'dice', host, oauth: false })).not.toThrow();
    }
  });

  it('refuses a non-loopback address without a token, naming the fix', () => {
    for (const host of ['0.0.0.0', '::', '192.168.1.20']) {
      expect(() => checkServeOptions({ name: 'dice', host, oauth: false })).toThrow(
        new ServeOptionsError(
          `dice: refusing to listen on ${host} without a bearer token: anyone who can reach that address could use this server. Set a token (--token or KITCHEN_TOKEN; bearerToken in code), or bind 127.0.0.1.`,
        ),
      );
    }
    expect(() => checkServeOptions({ name: 'dice', host: '0.0.0.0', bearerToken: 'tok', oauth: false })).not.toThrow();
    expect(() => checkServeOptions({ name: 'dice', host: '0.0.0.0', oauth: true })).not.toThrow();
  });

  it('refuses a token that cannot be sent, and a token beside OAuth', () => {
    expect(() => checkServeOptions({ name: 'dice', host: '127.0.0.1', bearerToken: 'a b', oauth: false })).toThrow(
      /^dice: the bearer token is not valid: it contains a space at position 2/,
    );
    expect(() => checkServeOptions({ name: 'dice', host: '127.0.0.1', bearerToken: 'tok', oauth: true })).toThrow(
      /set either a bearer token or OAuth/,
    );
  });
});
