// Step 1: one server, one tool call over HTTP, and every JSON-RPC message that crossed the wire.

import { recordToolCall } from '@kitchen/host';
import { buildServer } from '@kitchen/server-cookie-jars';
import { serveMcp } from '@kitchen/server-kit';
import { TOUR_SEED } from '../tour-kitchen.js';
import type { TourOutput, TourStep } from '../tour-step.js';

export const oneToolCall: TourStep = {
  number: 1,
  title: 'One server, one tool call over HTTP: what crosses the wire',
  async run(out: TourOutput) {
    const served = await serveMcp({
      name: 'cookie-jars',
      buildServer: () => buildServer({ seed: TOUR_SEED, jars: 3 }),
      log: { level: 'error' },
    });
    try {
      out.say(`The cookie-jars server listens on ${served.url} (loopback only).`);
      out.say('The host calls inspect_jar {"id":1} on a session of its own. Every message, in order:');
      out.say();
      const call = await recordToolCall(
        { name: 'cookie-jars', url: served.url },
        'inspect_jar',
        { id: 1 },
        {
          timeoutMs: 10_000,
        },
      );
      for (const { direction, message } of call.messages) {
        const arrow = direction === 'out' ? 'host → server' : 'server → host';
        out.say(`  ${arrow}  ${shorten(JSON.stringify(message), 150)}`);
      }
      out.say();
      out.say(`${call.messages.length} messages: initialize and its answer, the initialized notification, then`);
      out.say('tools/call and its result. The tool result the model would read:');
      out.say(`  ${call.outcome.isError ? '(error) ' : ''}${shorten(call.outcome.content, 150)}`);
      out.say();
      out.say('What crossed: a name, arguments and a result, as JSON. No key, no budget, no model.');
    } finally {
      await served.close();
    }
    out.see('packages/host/src/wire/recorded-tool-call.ts', 'export async function recordToolCall', 'records the call');
    out.see('servers/cookie-jars/src/build-server.ts', "'inspect_jar'", 'the server registers inspect_jar');
    out.see('packages/server-kit/src/serve-mcp.ts', 'export async function serveMcp', 'serves it over HTTP');
  },
};

function shorten(text: string, width: number): string {
  return text.length <= width ? text : `${text.slice(0, width - 1)}…`;
}
