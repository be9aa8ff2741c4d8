// URL-mode elicitation over real Streamable HTTP: a fixture server asks the person to open a link
// from inside a tool call; the host shows the link (never opens it), and answers what the person
// chose, declines when nobody can open links, and refuses links a person should not be shown.

import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createElicitationHandler } from './elicitation-handler.js';
import { createRecordingContext } from './testing/recording-context.js';
import { type ScriptedPerson, scriptedPerson } from './testing/scripted-person.js';
import { serveOverHttp } from './testing/serve-over-http.js';
import { Toolbox } from './toolbox.js';

/** A shop whose checkout must happen in the browser, out of the host's sight. */
function checkoutServer(): McpServer {
  const server = new McpServer({ name: 'shop', version: '1.0.0' });
  server.registerTool(
    'pay_for_flour',
    { description: 'Pays for an order in the browser', inputSchema: { url: z.string() } },
    async ({ url }, extra) => {
      const answer = await server.server.elicitInput(
        { mode: 'url', message: 'Pay for 2 kg of flour on the shop’s page.', url, elicitationId: 'pay-1' },
        { relatedRequestId: extra.requestId },
      );
      return { content: [{ type: 'text', text: `payment ${answer.action}` }] };
    },
  );
  return server;
}

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function connect(person?: ScriptedPerson): Promise<Toolbox> {
  const served = await serveOverHttp(checkoutServer);
  cleanups.push(() => served.close());
  const toolbox = await Toolbox.connect([{ name: 'shop', url: served.url }], {
    handlers: { elicitation: createElicitationHandler(person === undefined ? {} : { person }) },
  });
  cleanups.push(() => toolbox.close());
  return toolbox;
}

describe('URL-mode elicitation', () => {
  it('shows the person the message and the link, with its domain, and answers their accept', async () => {
    const person = scriptedPerson({ links: [{ action: 'accept' }] });
    const toolbox = await connect(person);
    const recording = createRecordingContext({ callId: 'call-pay' });
    const outcome = await toolbox.call('pay_for_flour', { url: 'https://shop.example/pay/1' }, recording.context);
    expect(outcome.content).toBe('payment accept');
    expect(person.links).toEqual([
      expect.objectContaining({
        server: 'shop',
        callId: 'call-pay',
        message: 'Pay for 2 kg of flour on the shop’s page.',
        url: 'https://shop.example/pay/1',
        domain: 'shop.example',
      }),
    ]);
    expect(recording.events).toEqual([
      expect.objectContaining({ type: 'elicitation-request', url: 'https://shop.example/pay/1', schema: {} }),
      expect.objectContaining({ type: 'elicitation-response', action: 'accept', by: 'person' }),
    ]);
  });

  it('declines cleanly when nobody can open links (no person, or one without a browser)', async () => {
    for (const person of [undefined, scriptedPerson({})]) {
      const toolbox = await connect(person);
      const recording = createRecordingContext();
      const outcome = await toolbox.call('pay_for_flour', { url: 'https://shop.example/pay/2' }, recording.context);
      expect(outcome.content).toBe('payment decline');
      expect(recording.events.at(-1)).toMatchObject({ type: 'elicitation-response', action: 'decline', by: 'nobody' });
    }
  });

  it('declines a link a person should not be shown, before anyone is asked', async () => {
    const person = scriptedPerson({ links: [] });
    const toolbox = await connect(person);
    for (const url of ['javascript:alert(1)', 'http://shop.example/pay', 'https://bank.example@evil.example/']) {
      const recording = createRecordingContext();
      const outcome = await toolbox.call('pay_for_flour', { url }, recording.context);
      expect(outcome.content).toBe('payment decline');
      expect(recording.events.at(-1)).toMatchObject({
        type: 'elicitation-response',
        action: 'decline',
        reason: expect.stringMatching(/^Not shown: /),
      });
    }
    expect(person.links).toEqual([]);
  });
});
