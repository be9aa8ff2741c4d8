// Fuzzing the web UI's HTTP surface: `kitchen web` in-process (the dice server as a child, the
// offline model) gets random methods, paths, headers (Host, Origin, the owner token) and bodies.
// Every answer under /api is JSON with one sentence in `error` when it refuses, never a 5xx; the
// kitchen still answers its owner afterwards, and no API call without the token succeeds.

import { PROCESS_TEST_TIMEOUT_MS } from '@kitchen/probe-kit/cli-process';
import { type FuzzAnswer, type FuzzRequest, LARGE_BODY_BYTES, sendRaw } from '@kitchen/probe-kit/http-fuzz';
import { probeSize, reportTried } from '@kitchen/probe-kit/probe-size';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { useKitchenWeb } from '../test-kitchen.js';

const { web } = useKitchenWeb({
  config: { mcpServers: { dice: { trust: true, kitchen: { package: 'servers/dice', entry: 'src/main.ts' } } } },
  flags: ['--model', 'offline'],
  runsDirPrefix: 'kitchen-web-fuzz-',
});

const OWNER = '<owner token>';

/** Arguments nested from a few levels to thousands (10 KB at 5,000), shown by their depth. */
const deepBody = fc.constantFrom(8, 70, 1_000, 5_000).map((depth) =>
  Object.assign(Buffer.from(`{"arguments":{"count":${'['.repeat(depth)}${']'.repeat(depth)}}}`), {
    [fc.toStringMethod]: () => `<arguments nested ${depth} deep>`,
  }),
);

function webRequest(port: number): fc.Arbitrary<FuzzRequest> {
  // Each of the four checked headers is right nine times in ten, so about two requests in three
  // pass every check and reach a route.
  const mostly = (good: fc.Arbitrary<string>, bad: fc.Arbitrary<string>) =>
    fc.oneof({ weight: 9, arbitrary: good }, { weight: 1, arbitrary: bad });
  const runId = fc.oneof(fc.constantFrom('run-1', 'run-2', 'run-999', '..', '%2e%2e', 'run-1%00'), fc.webSegment());
  const path = fc.oneof(
    fc.constantFrom('/api/kitchen', '/api/tools', '/api/runs', '/api/traces', '/api/nope', '/', '/app.js', '/x.json'),
    runId.map((id) => `/api/runs/${id}`),
    runId.map((id) => `/api/runs/${id}/events`),
    runId.map((id) => `/api/runs/${id}/abort`),
    runId.map((id) => `/api/traces/${id}`),
    fc.webSegment().map((id) => `/api/approvals/${id}`),
    fc.webSegment().map((id) => `/api/elicitations/${id}`),
    // The inspector's call-by-hand routes, where arguments reach a real server: weighted up.
    {
      weight: 4,
      arbitrary: fc.constantFrom(
        '/api/servers/dice/tools/roll_dice',
        '/api/servers/dice/tools/nope',
        '/api/servers/ghost/tools/roll_dice',
        '/api/servers/dice/complete',
        '/api/servers/dice/read',
        '/api/servers',
      ),
    },
    fc.constantFrom('/../../etc/passwd', '/api/../api/tools', '//api/tools', '/api/tools?token=nope', '/%ff'),
  );
  const bodyValue = fc.oneof(
    fc.record(
      { task: fc.constantFrom('Roll 3 dice', 'Roll a die'), model: fc.constant('offline') },
      { requiredKeys: ['task'] },
    ),
    fc.record({ approved: fc.boolean(), reason: fc.string({ maxLength: 10 }) }, { requiredKeys: ['approved'] }),
    fc.record({ action: fc.constantFrom('accept', 'decline', 'cancel') }),
    fc.record(
      {
        arguments: fc.oneof(
          fc.record({ count: fc.oneof(fc.integer({ min: -2, max: 12 }), fc.jsonValue()), sides: fc.jsonValue() }),
          fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue()),
          fc.jsonValue(),
        ),
        ref: fc.oneof(
          fc.record({ type: fc.constantFrom('ref/prompt', 'ref/resource'), name: fc.string() }),
          fc.jsonValue(),
        ),
        argument: fc.string({ maxLength: 8 }),
        uri: fc.oneof(fc.constantFrom('dice://faces', 'file:///etc/passwd'), fc.string({ maxLength: 20 })),
      },
      { requiredKeys: [] },
    ),
    fc.record(
      {
        task: fc.oneof(fc.constantFrom('Roll 3 dice', ' ', ''), fc.string({ maxLength: 30 }), fc.jsonValue()),
        model: fc.oneof(fc.constantFrom('offline', 'anthropic', 'auto', 'gpt'), fc.jsonValue()),
        approved: fc.oneof(fc.boolean(), fc.jsonValue()),
        reason: fc.oneof(fc.string({ maxLength: 20 }), fc.jsonValue()),
        action: fc.oneof(fc.constantFrom('accept', 'decline', 'cancel'), fc.jsonValue()),
        content: fc.oneof(fc.dictionary(fc.string(), fc.jsonValue()), fc.jsonValue()),
        extra: fc.jsonValue(),
      },
      { requiredKeys: [] },
    ),
    fc.jsonValue({ maxDepth: 3 }),
  );
  const body = fc.oneof(
    { weight: 6, arbitrary: bodyValue.map((value) => Buffer.from(JSON.stringify(value) ?? 'null')) },
    { weight: 1, arbitrary: fc.uint8Array({ maxLength: 100 }).map((bytes) => Buffer.from(bytes)) },
    { weight: 1, arbitrary: deepBody },
    {
      weight: 1,
      arbitrary: fc.constantFrom(60 * 1024, 65 * 1024, 200 * 1024).map((size) =>
        Object.assign(Buffer.from(`{"task":"${'x'.repeat(size)}"}`), {
          [fc.toStringMethod]: () => `<a task of ${size} bytes>`,
        }),
      ),
    },
    { weight: 1, arbitrary: fc.constant(undefined) },
  );
  // A quarter of the requests are the page's own call-by-hand requests, every header right, with
  // arguments well formed, wrong, or nested thousands deep: they reach a real server's tool.
  const byHand: fc.Arbitrary<FuzzRequest> = fc.record({
    method: fc.constant('POST'),
    path: fc.constantFrom('/api/servers/dice/tools/roll_dice', '/api/servers/dice/complete', '/api/servers/dice/read'),
    headers: fc.constant({
      host: `127.0.0.1:${port}`,
      origin: `http://127.0.0.1:${port}`,
      'x-kitchen-token': OWNER,
      'content-type': 'application/json',
      'sec-fetch-site': 'same-origin',
    }),
    body: fc.oneof(
      bodyValue.map((value) => Buffer.from(JSON.stringify(value) ?? 'null')),
      deepBody,
    ),
  });
  const anyRequest: fc.Arbitrary<FuzzRequest> = fc.record({
    method: fc.oneof(
      { weight: 3, arbitrary: fc.constantFrom('GET', 'POST') },
      { weight: 1, arbitrary: fc.constantFrom('PUT', 'DELETE', 'PATCH', 'OPTIONS', 'HEAD') },
    ),
    path,
    headers: fc.record(
      {
        host: mostly(fc.constant(`127.0.0.1:${port}`), fc.constantFrom('evil.example', `localhost.evil:${port}`, '')),
        origin: mostly(fc.constant(`http://127.0.0.1:${port}`), fc.constantFrom('https://evil.example', 'null')),
        'x-kitchen-token': mostly(fc.constant(OWNER), fc.oneof(fc.constantFrom('', 'nope'), fc.base64String())),
        'content-type': mostly(
          fc.constant('application/json'),
          fc.constantFrom('text/plain', 'application/x-www-form-urlencoded', 'application/json; charset=latin1'),
        ),
        'sec-fetch-site': mostly(fc.constant('same-origin'), fc.constantFrom('cross-site', 'none')),
      },
      // The token and the content type are always sent (their bad values include none), so most
      // requests get past the token check to a route.
      { requiredKeys: ['host', 'x-kitchen-token', 'content-type'] },
    ),
    body,
  });
  return fc.oneof({ weight: 3, arbitrary: anyRequest }, { weight: 1, arbitrary: byHand });
}

function withOwnerToken(fuzz: FuzzRequest, token: string): FuzzRequest {
  if (fuzz.headers['x-kitchen-token'] !== OWNER) return fuzz;
  return { ...fuzz, headers: { ...fuzz.headers, 'x-kitchen-token': token } };
}

function expectWellFormed(fuzz: FuzzRequest, answer: FuzzAnswer, token: string): void {
  const shown = `${fuzz.method} ${fuzz.path} ${JSON.stringify(fuzz.headers)} → ${answer.status} ${answer.body.slice(0, 200)}`;
  expect(answer.status, shown).toBeGreaterThanOrEqual(200);
  expect(answer.status, shown).toBeLessThan(500);
  // Only the owner drives it: no API call succeeds without the token.
  if (new URL(fuzz.path, 'http://x').pathname.startsWith('/api/') && answer.status < 300)
    expect(fuzz.headers['x-kitchen-token'], shown).toBe(token);
  if (fuzz.method === 'HEAD' || answer.body === '') return;
  if (answer.status >= 400 && answer.contentType.startsWith('application/json')) {
    const { error } = JSON.parse(answer.body) as { error?: unknown };
    expect(typeof error, shown).toBe('string');
    expect(String(error).trim(), shown).not.toBe('');
    expect(String(error), shown).not.toMatch(/^\s+at /m);
  }
  if (answer.status >= 400 && new URL(fuzz.path, 'http://x').pathname.startsWith('/api/'))
    expect(answer.contentType, shown).toMatch(/^application\/json/);
}

describe('the web API under random requests', () => {
  it('answers each with JSON and one sentence when it refuses, never a 5xx, and serves its owner afterwards', {
    timeout: PROCESS_TEST_TIMEOUT_MS * 2,
  }, async () => {
    const port = Number(new URL(web().url).port);
    const base = `http://127.0.0.1:${port}`;
    const statuses = new Map<number, number>();
    let tried = 0;
    let resets = 0;
    // Requests to the inspector's routes that passed the token, Host and Origin checks.
    let byHand = 0;
    await fc.assert(
      fc.asyncProperty(webRequest(port), async (generated) => {
        tried += 1;
        const fuzz = withOwnerToken(generated, web().token);
        let answer: FuzzAnswer;
        try {
          answer = await sendRaw(base, fuzz);
        } catch (error) {
          if ((fuzz.body?.byteLength ?? 0) <= LARGE_BODY_BYTES) throw error;
          resets += 1;
          return;
        }
        statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
        if (fuzz.path.startsWith('/api/servers/') && answer.status !== 401 && answer.status !== 403) byHand += 1;
        expectWellFormed(fuzz, answer, web().token);
      }),
      { numRuns: probeSize(150, 3_000), seed: 1729 },
    );
    reportTried(
      `web API requests (statuses ${JSON.stringify(Object.fromEntries(statuses))}, ${byHand} reached the inspector's routes, ${resets} huge bodies refused by a reset)`,
      tried,
    );
    expect([...statuses.keys()].some((status) => status < 300)).toBe(true);
    expect(statuses.get(401)).toBeGreaterThan(0);
    expect(statuses.get(403)).toBeGreaterThan(0);
    expect(byHand).toBeGreaterThan(0);

    const kitchen = await fetch(new URL('api/kitchen', web().url), { headers: { 'X-Kitchen-Token': web().token } });
    expect(kitchen.status).toBe(200);
    const tools = (await (
      await fetch(new URL('api/tools', web().url), { headers: { 'X-Kitchen-Token': web().token } })
    ).json()) as { tools: Array<{ server: string }> };
    expect(tools.tools.some((tool) => tool.server === 'dice')).toBe(true);
  });
});
