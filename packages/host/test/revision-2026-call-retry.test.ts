// A 2026-07-28 server whose connection breaks before a tool call is answered, as when the replica
// a load balancer picked is killed: the host sends a read-only call again (no session to replace)
// and never one with side effects. Real HTTP on loopback; the v2 server SDK serves statelessly.

import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { toNodeHandler } from '@modelcontextprotocol/node';
import { createMcpHandler, McpServer } from '@modelcontextprotocol/server';
import { afterEach, describe, expect, it } from 'vitest';
import { createRecordingContext } from '../src/testing/recording-context.js';
import { Toolbox } from '../src/toolbox.js';

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** A stateless server whose next `breaks` tool calls lose their connection before any answer. */
async function flakyServer() {
  const ran: string[] = [];
  const build = () => {
    const server = new McpServer({ name: 'shelf', version: '1.0.0' });
    server.registerTool('peek', { description: 'Reads a jar.', annotations: { readOnlyHint: true } }, async () => {
      ran.push('peek');
      return { content: [{ type: 'text', text: 'jar 7 is sealed' }] };
    });
    server.registerTool('stamp', { description: 'Stamps a jar (not safe to repeat).' }, async () => {
      ran.push('stamp');
      return { content: [{ type: 'text', text: 'stamped' }] };
    });
    return server;
  };
  const serve = toNodeHandler(createMcpHandler(build, { legacy: 'reject' }));
  const state = { breaks: 0 };
  const http: Server = createServer((request, response) => {
    if (request.headers['mcp-method'] === 'tools/call' && state.breaks > 0) {
      state.breaks -= 1;
      // As a killed process would: the request arrived, no byte of an answer leaves.
      request.socket.destroy();
      return;
    }
    void serve(request, response);
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  cleanups.push(async () => {
    http.closeAllConnections();
    await new Promise<void>((resolve) => http.close(() => resolve()));
  });
  const url = `http://127.0.0.1:${(http.address() as AddressInfo).port}/mcp`;
  const toolbox = await Toolbox.connect([{ name: 'shelf', url }]);
  cleanups.push(() => toolbox.close());
  expect(toolbox.era('shelf')).toBe('2026-07-28');
  return { toolbox, ran, state };
}

describe('a 2026-07-28 call whose connection breaks before the answer', () => {
  it('is sent again when the tool is read-only, with a tool-retry event and no new session', async () => {
    const { toolbox, ran, state } = await flakyServer();
    state.breaks = 1;
    const { context, events } = createRecordingContext({ callId: 'peek-1' });

    expect(await toolbox.call('peek', {}, context)).toEqual({ isError: false, content: 'jar 7 is sealed' });
    expect(ran).toEqual(['peek']);
    expect(events.filter((event) => event.type === 'tool-retry')).toEqual([
      expect.objectContaining({ callId: 'peek-1', tool: 'peek', attempt: 1, newSession: false }),
    ]);
  });

  it('gives up after two more sends, and says how often it got no answer', async () => {
    const { toolbox, ran, state } = await flakyServer();
    state.breaks = 3;
    const { context, events } = createRecordingContext();

    const outcome = await toolbox.call('peek', {}, context);
    expect(outcome.isError).toBe(true);
    expect(outcome.content).toMatch(/^Tool "peek" on server "shelf" got no answer: .*, 3 times\. Tell the user\.$/);
    expect(ran).toEqual([]);
    expect(events.filter((event) => event.type === 'tool-retry').map((event) => event.type)).toHaveLength(2);
  });

  it('is never sent again when the tool may have side effects', async () => {
    const { toolbox, ran, state } = await flakyServer();
    state.breaks = 1;
    const { context, events } = createRecordingContext();

    const outcome = await toolbox.call('stamp', {}, context);
    expect(outcome.isError).toBe(true);
    expect(outcome.content).toMatch(/may or may not have run/);
    expect(ran).toEqual([]);
    expect(events.some((event) => event.type === 'tool-retry')).toBe(false);
    // The next call is a new request like any other.
    expect((await toolbox.call('stamp', {}, context)).content).toBe('stamped');
    expect(ran).toEqual(['stamp']);
  });
});
