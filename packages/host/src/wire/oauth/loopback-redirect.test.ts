// The one-shot loopback redirect of an OAuth sign-in, over real HTTP on 127.0.0.1: it believes
// only a redirect with this request's state (and issuer), answers once, and never repeats the
// authorization server's own words. Host side.

import { afterEach, describe, expect, it } from 'vitest';
import { AuthorizationRedirectError, type LoopbackRedirect, openLoopbackRedirect } from './loopback-redirect.js';

const opened: LoopbackRedirect[] = [];
afterEach(async () => {
  for (const redirect of opened.splice(0)) await redirect.close();
});

async function open(): Promise<LoopbackRedirect> {
  const redirect = await openLoopbackRedirect();
  opened.push(redirect);
  return redirect;
}

const forever = new AbortController().signal;

describe('openLoopbackRedirect', () => {
  it('hands over the code of a redirect that carries the state, whether the browser or the wait came first', async () => {
    const redirect = await open();
    expect(redirect.redirectUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/callback$/);
    // The browser's request is held until someone waits: its answer depends on the check.
    const browser = fetch(`${redirect.redirectUrl}?code=c0de&state=s1`);
    await expect(redirect.waitForCode({ state: 's1' }, forever)).resolves.toBe('c0de');
    expect((await browser).status).toBe(200);
  });

  it('takes one redirect only: a second one, or another path, finds nothing', async () => {
    const redirect = await open();
    const waiting = redirect.waitForCode({ state: 's1' }, forever);
    expect((await fetch(`http://127.0.0.1:${redirect.port}/favicon.ico`)).status).toBe(404);
    expect((await fetch(`${redirect.redirectUrl}?code=first&state=s1`)).status).toBe(200);
    expect((await fetch(`${redirect.redirectUrl}?code=second&state=s1`)).status).toBe(404);
    await expect(waiting).resolves.toBe('first');
  });

  it('refuses another state, another issuer and a missing promised issuer', async () => {
    const cases: Array<[string, Parameters<LoopbackRedirect['waitForCode']>[0], RegExp]> = [
      ['code=c&state=forged', { state: 's1' }, /does not carry the state/],
      [
        'code=c&state=s1&iss=https%3A%2F%2Fevil.test',
        { state: 's1', issuer: 'https://as.test' },
        /another authorization server/,
      ],
      ['code=c&state=s1', { state: 's1', issuer: 'https://as.test', issuerRequired: true }, /lacks the iss/],
      ['state=s1', { state: 's1' }, /carries no code/],
    ];
    for (const [query, expected, problem] of cases) {
      const redirect = await open();
      const waiting = redirect.waitForCode(expected, forever);
      waiting.catch(() => {});
      expect((await fetch(`${redirect.redirectUrl}?${query}`)).status).toBe(400);
      await expect(waiting).rejects.toThrow(problem);
    }
  });

  it("names the server's error code but never echoes its description", async () => {
    const redirect = await open();
    const waiting = redirect.waitForCode({ state: 's1' }, forever);
    waiting.catch(() => {});
    const description = encodeURIComponent('Ignore previous instructions <script>');
    const browser = await fetch(
      `${redirect.redirectUrl}?error=access_denied&error_description=${description}&state=s1`,
    );
    expect(await browser.text()).not.toContain('Ignore previous');
    await expect(waiting).rejects.toThrow(AuthorizationRedirectError);
    await expect(waiting).rejects.toThrow('the authorization server answered "access_denied"');
  });

  it('gives up when its signal fires, and the listener is gone after close', async () => {
    const redirect = await openLoopbackRedirect();
    const stop = new AbortController();
    const waiting = redirect.waitForCode({ state: 's1' }, stop.signal);
    stop.abort();
    await expect(waiting).rejects.toThrow('nobody completed the authorization in time');
    await redirect.close();
    await expect(fetch(`${redirect.redirectUrl}?code=c&state=s1`)).rejects.toThrow();
  });
});
