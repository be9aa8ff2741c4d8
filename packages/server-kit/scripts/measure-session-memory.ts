// Measures what one open MCP session costs in memory on a kit-served server: opens N sessions
// over real HTTP on loopback (each initialized and with one tool call answered, so its event store
// holds a stream), then ends them all. Prints numbers; asserts nothing. Server side, a benchmark.
//
//   node --expose-gc --import tsx scripts/measure-session-memory.ts [sessions=500]

import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import { RawMcpSession, readSseEvents } from '../src/raw-mcp-session.js';
import { serveMcp } from '../src/serve-mcp.js';

const count = Number(process.argv[2] ?? 500);
if (!Number.isInteger(count) || count < 1 || count > 5_000) {
  process.stderr.write('usage: measure-session-memory.ts [sessions, 1 to 5000]\n');
  process.exit(2);
}
const collect = (globalThis as { gc?: () => void }).gc;
if (!collect) {
  process.stderr.write('run with node --expose-gc, or the numbers mean little\n');
  process.exit(2);
}

function buildEchoServer(): McpServer {
  const server = new McpServer({ name: 'echo', version: '1.0.0' });
  server.registerTool('echo', { inputSchema: { text: z.string() } }, ({ text }) => ({
    content: [{ type: 'text', text }],
  }));
  return server;
}

async function settledHeap(): Promise<{ heap: number; rss: number }> {
  for (let round = 0; round < 3; round++) {
    collect?.();
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  const usage = process.memoryUsage();
  return { heap: usage.heapUsed + usage.external + usage.arrayBuffers, rss: usage.rss };
}

const served = await serveMcp({
  name: 'echo',
  buildServer: buildEchoServer,
  maxSessions: count + 1,
  // One client opens them all: measured here is a session's cost, not the share.
  maxSessionsPerClient: count + 1,
  log: { level: 'silent' },
});
// Warm up once so module-level caches are not counted as per-session cost.
const warm = await RawMcpSession.open(served.url);
await warm.delete();
const before = await settledHeap();

const sessions: RawMcpSession[] = [];
for (let index = 0; index < count; index++) {
  const session = await RawMcpSession.open(served.url);
  const call = {
    jsonrpc: '2.0',
    id: 1,
    method: 'tools/call',
    params: { name: 'echo', arguments: { text: `hello ${index}` } },
  };
  for await (const _event of readSseEvents(await session.post(call))) {
    // drain the answer
  }
  sessions.push(session);
}
const open = await settledHeap();
const serverSide = served.sessionCount();
for (const session of sessions) await session.delete();
const after = await settledHeap();
await served.close();

const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;
const mib = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MiB`;
process.stdout.write(
  [
    `sessions open: ${count} (the server counts ${serverSide})`,
    `heap+external per session: ${kib((open.heap - before.heap) / count)}`,
    `rss per session:           ${kib((open.rss - before.rss) / count)}`,
    `heap+external with ${count} open: +${mib(open.heap - before.heap)}; after DELETE of all: +${mib(after.heap - before.heap)}`,
    '',
  ].join('\n'),
);
