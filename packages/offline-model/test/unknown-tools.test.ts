// Tools nobody here wrote: the offline model fills a required input only from an explicit value in
// the task, typed to the schema, and otherwise says which input it could not fill. The server is a
// stranger's, built in the test with the SDK's plain Server and raw JSON Schemas.

import { type LoopEvent, runAgentLoop } from '@kitchen/host';
import { connectInMemory } from '@kitchen/host/testing';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { CallToolRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { describe, expect, it } from 'vitest';
import { OfflineModel } from '../src/offline-model.js';

const TOOLS = [
  {
    name: 'get-sum',
    description: 'Add two numbers.',
    inputSchema: {
      type: 'object',
      properties: { a: { type: 'number' }, b: { type: 'number' } },
      required: ['a', 'b'],
    },
  },
  {
    name: 'get_forecast',
    description: 'The weather forecast for a city.',
    inputSchema: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
  },
  {
    name: 'repeat_word',
    description: 'Repeat a word a whole number of times.',
    inputSchema: {
      type: 'object',
      properties: { word: { type: 'string' }, times: { type: 'integer' } },
      required: ['word', 'times'],
    },
  },
  {
    name: 'set_mode',
    description: 'Switch the machine to a mode.',
    inputSchema: {
      type: 'object',
      properties: { mode: { type: 'string', enum: ['fast', 'quiet', 'eco'] } },
      required: ['mode'],
    },
  },
];

function strangerServer(): Server {
  const server = new Server({ name: 'stranger', version: '1.0.0' }, { capabilities: { tools: {} } });
  server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: TOOLS }));
  server.setRequestHandler(CallToolRequestSchema, async (request) => ({
    content: [{ type: 'text', text: JSON.stringify({ tool: request.params.name, got: request.params.arguments }) }],
  }));
  return server;
}

async function run(task: string): Promise<{ calls: Array<{ tool: string; input: unknown }>; finalText: string }> {
  const toolbox = await connectInMemory({ stranger: strangerServer() });
  try {
    const events: LoopEvent[] = [];
    for await (const event of runAgentLoop({
      messages: [{ role: 'user', content: task }],
      model: new OfflineModel(),
      toolbox,
    }))
      events.push(event);
    const calls = events.flatMap((event) =>
      event.type === 'tool-call' ? [{ tool: event.tool, input: event.input }] : [],
    );
    const done = events.find((event) => event.type === 'done');
    return { calls, finalText: done?.type === 'done' ? done.finalText : '' };
  } finally {
    await toolbox.close();
  }
}

describe('the offline model with a stranger server', () => {
  it('fills each number from the task once, in order', async () => {
    const result = await run('use the get-sum tool on 2 and 3');
    expect(result.calls).toEqual([{ tool: 'get-sum', input: { a: 2, b: 3 } }]);
  });

  it('takes numbers named for an input first', async () => {
    const result = await run('use the get-sum tool with b=3 and a=10');
    expect(result.calls).toEqual([{ tool: 'get-sum', input: { a: 10, b: 3 } }]);
  });

  it('says which input it could not fill instead of repeating a value', async () => {
    const result = await run('use the get-sum tool on 2');
    expect(result.calls).toEqual([]);
    expect(result.finalText).toMatch(/^To use get-sum I need b, and I could not find it in the task/);
  });

  it('never makes a clause of the task into a value', async () => {
    const result = await run('use get_forecast for Paris and tell me whether tomorrow suits a picnic');
    expect(result.calls).toEqual([{ tool: 'get_forecast', input: { city: 'Paris' } }]);
    const long = await run('use get_forecast on the place where my aunt lives near the old mill by the river');
    expect(long.calls).toEqual([]);
    expect(long.finalText).toMatch(/I need city/);
  });

  it('types a value to the schema: no fraction for a whole number', async () => {
    const result = await run('use repeat_word on "hello" 2.5 times');
    expect(result.calls).toEqual([]);
    expect(result.finalText).toMatch(/I need times/);
    const whole = await run('use repeat_word on "hello" 3 times');
    expect(whole.calls).toEqual([{ tool: 'repeat_word', input: { word: 'hello', times: 3 } }]);
  });

  it('picks a choice only when the task names it', async () => {
    expect((await run('use set_mode, quiet please')).calls).toEqual([{ tool: 'set_mode', input: { mode: 'quiet' } }]);
    const unnamed = await run('use the set_mode tool');
    expect(unnamed.calls).toEqual([]);
    expect(unnamed.finalText).toMatch(/I need mode/);
  });
});
