// Content beyond text, end to end: a server's tool result with an image, audio, an embedded
// resource and a resource link crosses real HTTP, and the loop gives a model that can look the
// image (the Anthropic seam, against a local fake of the Messages API) and a text-only model a
// description; the tool-result event describes every part for the person.

import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { afterEach, describe, expect, it } from 'vitest';
import type { LoopEvent } from './loop-event.js';
import { AnthropicModel } from './model/anthropic/anthropic-model.js';
import type { Model } from './model.js';
import { runAgentLoop } from './run-agent-loop.js';
import { type FakeMessagesApi, startFakeMessagesApi, textReply, toolUseReply } from './testing/fake-messages-api.js';
import { collectEvents } from './testing/recording-context.js';
import { ScriptedModel, textTurn, toolTurn } from './testing/scripted-model.js';
import { serveOverHttp } from './testing/serve-over-http.js';
import { Toolbox } from './toolbox.js';

const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex').toString('base64');
const WAV = Buffer.alloc(4_096).toString('base64');

function labelServer(): McpServer {
  const server = new McpServer({ name: 'labels', version: '1.0.0' });
  server.registerTool('jar_label', { description: 'The label of jar 7' }, async () => ({
    content: [
      { type: 'text', text: 'The label of jar 7:' },
      { type: 'image', mimeType: 'image/png', data: PNG },
      { type: 'audio', mimeType: 'audio/wav', data: WAV },
      { type: 'resource_link', name: 'jar-7', uri: 'jar://7', mimeType: 'application/json' },
    ],
  }));
  return server;
}

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function runWith(model: Model): Promise<LoopEvent[]> {
  const served = await serveOverHttp(labelServer);
  cleanups.push(() => served.close());
  const toolbox = await Toolbox.connect([{ name: 'labels', url: served.url }]);
  cleanups.push(() => toolbox.close());
  return collectEvents(runAgentLoop({ messages: [{ role: 'user', content: 'Show jar 7' }], model, toolbox }));
}

describe('a tool result with an image, audio and a resource link', () => {
  it('reaches a model that can look as an image block inside the tool_result', async () => {
    const api: FakeMessagesApi = await startFakeMessagesApi({
      script: [toolUseReply('jar_label', {}, { id: 'toolu_label' }), textReply('A jar label.')],
      apiKey: 'sk-test',
    });
    cleanups.push(() => api.close());
    await runWith(new AnthropicModel({ apiKey: 'sk-test', baseURL: api.url, model: 'claude-sonnet-5-5' }));
    const sent = api.requests[1]?.body.messages[2];
    expect(sent).toEqual({
      role: 'user',
      content: [
        {
          type: 'tool_result',
          tool_use_id: 'toolu_label',
          content: [
            {
              type: 'text',
              text: [
                'The label of jar 7:',
                '[image: image/png, 16 B]',
                '[audio: audio/wav, 4 KB, not passed to the model: it takes no audio]',
                '[resource link: "jar-7" at jar://7 (application/json)]',
              ].join('\n\n'),
            },
            { type: 'image', source: { type: 'base64', media_type: 'image/png', data: PNG } },
          ],
        },
      ],
    });
  });

  it('reaches a text-only model as a description, and the event describes each part for the person', async () => {
    const model = new ScriptedModel([toolTurn({ name: 'jar_label' }), textTurn('A jar label.')]);
    const events = await runWith(model);
    const sent = model.requests[1]?.messages[2]?.content ?? [];
    const [result] = sent as Array<{ content: string; images?: unknown }>;
    expect(result?.images).toBeUndefined();
    expect(result?.content).toContain('[image: image/png, 16 B]');
    expect(result?.content).toMatch(/\[the image was not passed: this model reads text only\]$/);
    const shown = events.find((event) => event.type === 'tool-result');
    expect(shown).toMatchObject({
      attachments: [
        { kind: 'image', mimeType: 'image/png', bytes: 16, toModel: true },
        { kind: 'audio', mimeType: 'audio/wav', bytes: 4_096 },
        { kind: 'resource-link', uri: 'jar://7', name: 'jar-7', mimeType: 'application/json' },
      ],
    });
  });
});
