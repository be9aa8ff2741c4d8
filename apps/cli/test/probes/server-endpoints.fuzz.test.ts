// Fuzzing every example server's MCP endpoint over real HTTP: the four servers run as child
// processes (started by the kitchen's own launcher, as a run starts them) and get random methods,
// paths, headers and JSON-RPC bodies of every size, inside and outside a live session. Each answer
// is well-formed HTTP with a JSON-RPC error (or a JSON-RPC message on a stream), never a crash; the
// server answers a real client afterwards and keeps no session the fuzzer opened.

import { fileURLToPath } from 'node:url';
import { PROCESS_TEST_TIMEOUT_MS } from '@kitchen/probe-kit/cli-process';
import {
  clientBody,
  type FuzzAnswer,
  type FuzzRequest,
  headerArbitrary,
  LARGE_BODY_BYTES,
  LIVE_SESSION,
  modernRequest,
  reachedMcpHandler,
  requestBody,
  sendRaw,
} from '@kitchen/probe-kit/http-fuzz';
import { probeSize, reportTried } from '@kitchen/probe-kit/probe-size';
import { parseKitchenConfig } from '@kitchen/runtime/config/kitchen-config';
import { type RunningServers, startServers } from '@kitchen/runtime/server-processes/start-servers';
import { connectHttpClient, RawMcpSession } from '@kitchen/server-kit/testing';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const REPO_CONFIG = fileURLToPath(new URL('../../../../kitchen.config.json', import.meta.url));
const SERVERS = ['cookie-jars', 'dice', 'pantry', 'pastry-chef'];
let running: RunningServers;

beforeAll(async () => {
  const loaded = parseKitchenConfig(
    {
      mcpServers: Object.fromEntries(
        SERVERS.map((name) => [name, { kitchen: { package: `servers/${name}`, entry: 'src/main.ts' } }]),
      ),
    },
    REPO_CONFIG,
  );
  if (!loaded.ok) throw new Error(loaded.message);
  running = await startServers(loaded.config.servers, { seed: 1729, jars: 12 });
}, PROCESS_TEST_TIMEOUT_MS);

afterAll(async () => {
  await running?.stop();
}, PROCESS_TEST_TIMEOUT_MS);

async function sessionsOf(url: URL): Promise<number> {
  const health = await fetch(new URL('/healthz', url));
  return ((await health.json()) as { sessions: number }).sessions;
}

function withLiveSession(fuzz: FuzzRequest, sessionId: string): FuzzRequest {
  if (fuzz.headers['mcp-session-id'] !== LIVE_SESSION) return fuzz;
  return { ...fuzz, headers: { ...fuzz.headers, 'mcp-session-id': sessionId } };
}

/** What every answer must be, whatever was asked. */
function expectWellFormed(request: FuzzRequest, answer: FuzzAnswer): void {
  const shown = `${request.method} ${request.path} ${JSON.stringify(request.headers)} → ${answer.status} ${answer.body.slice(0, 200)}`;
  expect(answer.status, shown).toBeGreaterThanOrEqual(200);
  // A 5xx would be the server failing; the one it may send on purpose is 503 at its session cap.
  expect(answer.status === 503 || answer.status < 500, shown).toBe(true);
  if (answer.status === 503) expect(answer.headers['retry-after'], shown).toBeDefined();
  if (answer.body === '' || request.method === 'HEAD') return;
  if (request.path === '/healthz' && answer.status === 200) {
    expect(JSON.parse(answer.body), shown).toMatchObject({ ok: true });
    return;
  }
  if (answer.contentType.startsWith('application/json') || answer.contentType.startsWith('text/event-stream')) {
    const parsed = JSON.parse(answer.body) as unknown;
    const messages = Array.isArray(parsed) ? parsed : [parsed];
    for (const message of messages) {
      expect(message, shown).toMatchObject({ jsonrpc: '2.0' });
      if (answer.status >= 400) {
        expect(message, shown).toMatchObject({ error: { code: expect.any(Number), message: expect.any(String) } });
        expect((message as { error: { message: string } }).error.message.trim(), shown).not.toBe('');
      }
    }
  } else {
    // Only the endpoint's own answers are checked for shape; anything else must at least be an error status.
    expect(answer.status, shown).toBeGreaterThanOrEqual(400);
  }
}

describe('every example server under random HTTP requests', () => {
  it.each(SERVERS)(
    '%s answers each with a well-formed JSON-RPC error or message, then serves a real client',
    {
      timeout: PROCESS_TEST_TIMEOUT_MS * 2,
    },
    async (name) => {
      const server = running.servers.find((candidate) => candidate.name === name)!;
      const url = new URL(server.url);
      const base = `http://127.0.0.1:${url.port}`;
      let live = await RawMcpSession.open(server.url);
      const opened = new Set<string>();
      let tried = 0;
      const statuses = new Map<number, number>();
      let resets = 0;
      let reached = 0;
      const path = fc.oneof(
        { weight: 12, arbitrary: fc.constant(url.pathname) },
        // The absolute form a client may send (RFC 9112), answered like the path.
        { weight: 1, arbitrary: fc.constant(`${base}${url.pathname}`) },
        {
          weight: 1,
          arbitrary: fc.constantFrom('/', '/mcp/', '/MCP', '/mcp?x=1', '/healthz', '/.well-known/x', '//mcp'),
        },
      );
      // Two requests in three are what a client would send, every check passed; the third is anything.
      const asClient: fc.Arbitrary<FuzzRequest> = fc.record({
        method: fc.constant('POST'),
        path: fc.constant(url.pathname),
        headers: headerArbitrary({ port: Number(url.port), right: true }),
        body: clientBody,
      });
      const anything: fc.Arbitrary<FuzzRequest> = fc.record({
        method: fc.oneof(
          { weight: 8, arbitrary: fc.constant('POST') },
          { weight: 1, arbitrary: fc.constantFrom('GET', 'DELETE') },
          { weight: 1, arbitrary: fc.constantFrom('PUT', 'PATCH', 'OPTIONS', 'HEAD') },
        ),
        path,
        headers: headerArbitrary({ port: Number(url.port) }),
        body: requestBody,
      });
      const legacy = fc.oneof({ weight: 2, arbitrary: asClient }, { weight: 1, arbitrary: anything });
      const modern = modernRequest({
        path: fc.oneof({ weight: 2, arbitrary: fc.constant(url.pathname) }, { weight: 1, arbitrary: path }),
        headers: fc.oneof(
          { weight: 2, arbitrary: headerArbitrary({ port: Number(url.port), sessionless: true, right: true }) },
          { weight: 1, arbitrary: headerArbitrary({ port: Number(url.port), sessionless: true }) },
        ),
      });
      // Both revisions: 2025-11-25 in the live session, 2026-07-28 per request.
      const request = fc.oneof(
        { weight: 1, arbitrary: legacy.map((fuzz) => ({ era: '2025-11-25' as const, fuzz })) },
        { weight: 1, arbitrary: modern.map((fuzz) => ({ era: '2026-07-28' as const, fuzz })) },
      );
      const sent = { '2025-11-25': 0, '2026-07-28': 0 };
      const reachedBy = { '2025-11-25': 0, '2026-07-28': 0 };
      const answeredBy = { '2025-11-25': 0, '2026-07-28': 0 };
      await fc.assert(
        fc.asyncProperty(request, async ({ era, fuzz: generated }) => {
          tried += 1;
          sent[era] += 1;
          const fuzz = withLiveSession(generated, live.sessionId);
          let answer: FuzzAnswer;
          try {
            answer = await sendRaw(base, fuzz);
          } catch (error) {
            // Refusing a huge body by closing the connection is an answer too, as long as the server lives on.
            if ((fuzz.body?.byteLength ?? 0) <= LARGE_BODY_BYTES) throw error;
            resets += 1;
            expect(await sessionsOf(url)).toBeGreaterThanOrEqual(0);
            return;
          }
          statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
          if (reachedMcpHandler(url.pathname, fuzz, answer)) {
            reached += 1;
            reachedBy[era] += 1;
            if (answer.status < 300) answeredBy[era] += 1;
          }
          // A fuzzed request may end the live session (a DELETE, a second initialize): open another so
          // later requests reach a session again.
          if (
            fuzz.headers['mcp-session-id'] === live.sessionId &&
            (fuzz.method === 'DELETE' || answer.status === 404)
          ) {
            opened.add(live.sessionId);
            live = await RawMcpSession.open(server.url);
          }
          const created = answer.headers['mcp-session-id'];
          if (typeof created === 'string' && created !== live.sessionId) opened.add(created);
          expectWellFormed(fuzz, answer);
        }),
        { numRuns: probeSize(80, 1_500), seed: 1729 },
      );
      reportTried(
        `${name} endpoint requests (statuses ${JSON.stringify(Object.fromEntries(statuses))}, ${reached} reached the MCP handler: 2025-11-25 ${reachedBy['2025-11-25']} of ${sent['2025-11-25']} (${answeredBy['2025-11-25']} answered 2xx), 2026-07-28 ${reachedBy['2026-07-28']} of ${sent['2026-07-28']} (${answeredBy['2026-07-28']} answered 2xx); ${resets} huge bodies refused by a reset)`,
        tried,
      );
      // Not vacuous: in each revision most requests got past the kit's checks to the MCP handler,
      // and some were answered by the server itself.
      for (const era of ['2025-11-25', '2026-07-28'] as const) {
        expect(reachedBy[era], era).toBeGreaterThan(sent[era] / 2);
        expect(answeredBy[era], era).toBeGreaterThan(0);
      }
      // And many were refused, in several ways.
      expect([...statuses.keys()].filter((status) => status >= 400).length).toBeGreaterThan(2);

      // Sessions the fuzzer happened to open are ended the way a client ends them.
      for (const sessionId of opened) {
        const ended = await fetch(server.url, {
          method: 'DELETE',
          headers: { 'Mcp-Session-Id': sessionId, 'Mcp-Protocol-Version': '2025-11-25' },
        });
        await ended.body?.cancel();
      }
      await live.delete();
      expect(await sessionsOf(url)).toBe(0);

      const client = await connectHttpClient(server.url);
      try {
        const { tools } = await client.listTools();
        expect(tools.length).toBeGreaterThan(0);
      } finally {
        await client.close();
      }
    },
  );
});
