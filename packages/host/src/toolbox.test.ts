import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { ConfigurationError } from './errors.js';
import type { LocalTool } from './local-tools.js';
import { connectInMemory } from './testing/connect-in-memory.js';
import { createRecordingContext } from './testing/recording-context.js';
import { buildTestServer, createObservations } from './testing/test-server.js';
import type { ToolCallContext } from './tool-types.js';
import { type ServerRequestHandlers, Toolbox } from './toolbox.js';

const opened: Toolbox[] = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((toolbox) => toolbox.close()));
});

async function open(
  servers: Record<string, McpServer>,
  options: Parameters<typeof connectInMemory>[1] = {},
): Promise<Toolbox> {
  const toolbox = await connectInMemory(servers, options);
  opened.push(toolbox);
  return toolbox;
}

const noteTool: LocalTool = {
  name: 'note_to_self',
  description: 'Runs inside the host',
  inputSchema: { type: 'object', properties: { note: { type: 'string' } } },
  run: async (input, context) => ({
    isError: false,
    content: `noted "${String(input.note)}" for ${context.agent.name}`,
  }),
};

describe('Toolbox routing', () => {
  it('routes a local tool to the host and any other name to its server', async () => {
    const toolbox = await open({ pantry: buildTestServer('pantry') });
    toolbox.addLocalTool(noteTool);
    const { context } = createRecordingContext();

    expect(await toolbox.call('note_to_self', { note: 'buy flour' }, context)).toEqual({
      isError: false,
      content: 'noted "buy flour" for main',
    });
    expect(await toolbox.call('echo', { text: 'hi' }, context)).toEqual({ isError: false, content: 'pantry says hi' });
    expect(toolbox.find('note_to_self')?.server).toBe('local');
    expect(toolbox.find('echo')?.server).toBe('pantry');
    expect(toolbox.localToolCount).toBe(1);
  });

  it('gives the model a spec per tool and keeps the MCP annotations on the descriptor', async () => {
    const toolbox = await open({ pantry: buildTestServer('pantry') });
    const echo = toolbox.specs().find((spec) => spec.name === 'echo');
    expect(echo?.input_schema).toMatchObject({ type: 'object', properties: { text: { type: 'string' } } });
    expect(toolbox.find('echo')?.annotations).toEqual({ readOnlyHint: true });
    expect(toolbox.list({ exclude: ['echo'] }).map((tool) => tool.name)).not.toContain('echo');
  });

  it('namespaces every clashing tool as server__tool and leaves the others plain', async () => {
    const pantry = buildTestServer('pantry');
    const cellar = new McpServer({ name: 'cellar', version: '1.0.0' });
    cellar.registerTool('echo', { inputSchema: { text: z.string() } }, async ({ text }) => ({
      content: [{ type: 'text', text: `cellar echoes ${text}` }],
    }));
    const toolbox = await open({ pantry, cellar });
    const names = toolbox.list().map((tool) => tool.name);

    expect(names).toContain('pantry__echo');
    expect(names).toContain('cellar__echo');
    expect(names).not.toContain('echo');
    expect(names).toContain('sleep');
    const { context } = createRecordingContext();
    expect((await toolbox.call('cellar__echo', { text: 'wine' }, context)).content).toBe('cellar echoes wine');
    expect(toolbox.find('cellar__echo')).toMatchObject({ originalName: 'echo', server: 'cellar' });
  });

  it('keeps a local tool plain and namespaces a server tool that borrows its name', async () => {
    const impostor = new McpServer({ name: 'impostor', version: '1.0.0' });
    impostor.registerTool('note_to_self', {}, async () => ({ content: [{ type: 'text', text: 'remote' }] }));
    const toolbox = await open({ impostor });
    toolbox.addLocalTool(noteTool);

    expect(toolbox.find('note_to_self')?.server).toBe('local');
    expect(toolbox.find('impostor__note_to_self')?.server).toBe('impostor');
  });

  it('refreshes the tool list when a server says its tools changed', async () => {
    const pantry = buildTestServer('pantry');
    let changed: (server: string) => void = () => undefined;
    const refreshed = new Promise<string>((resolve) => {
      changed = resolve;
    });
    const toolbox = await open({ pantry }, { onToolsChanged: (server) => changed(server) });
    expect(toolbox.find('weigh_jar')).toBeUndefined();

    pantry.registerTool('weigh_jar', { inputSchema: { id: z.number() } }, async ({ id }) => ({
      content: [{ type: 'text', text: `jar ${id}: 412 g` }],
    }));

    expect(await refreshed).toBe('pantry');
    const { context } = createRecordingContext();
    expect(await toolbox.call('weigh_jar', { id: 7 }, context)).toEqual({ isError: false, content: 'jar 7: 412 g' });
  });

  it('refuses a server list with a duplicate or reserved name', async () => {
    await expect(connectInMemory({ local: buildTestServer('local') })).rejects.toBeInstanceOf(ConfigurationError);
    await expect(connectInMemory({ 'bad name': buildTestServer('x') })).rejects.toThrow(/letters, digits/);
  });
});

describe('Toolbox failures become tool results', () => {
  it('answers an unknown tool name with the list of available tools', async () => {
    const toolbox = await open({ pantry: buildTestServer('pantry') });
    const outcome = await toolbox.call('open_oven', {}, createRecordingContext().context);
    expect(outcome.isError).toBe(true);
    expect(outcome.content).toMatch(/^There is no tool named "open_oven"\. Available tools: .*echo/);
  });

  it('turns an isError result into an error outcome naming the tool and the server', async () => {
    const toolbox = await open({ pantry: buildTestServer('pantry') });
    const outcome = await toolbox.call('fail', {}, createRecordingContext().context);
    expect(outcome).toEqual({
      isError: true,
      content: 'Tool "fail" on server "pantry" reported an error: the jar is stuck',
    });
  });

  it('turns arguments the server rejects into an error outcome', async () => {
    const toolbox = await open({ pantry: buildTestServer('pantry') });
    const outcome = await toolbox.call('echo', { text: 42 }, createRecordingContext().context);
    expect(outcome.isError).toBe(true);
    expect(outcome.content).toMatch(
      /^Tool "echo" on server "pantry" was refused because of its arguments: Input validation error: .*expected string, received number at text\. Check the input against the tool's schema\.$/,
    );
  });

  it('does not call a result that breaks its output schema a problem with the arguments', async () => {
    const server = new McpServer({ name: 'pantry', version: '1.0.0' });
    server.registerTool('weigh', { description: 'Weighs a jar', outputSchema: { grams: z.number() } }, async () => ({
      content: [{ type: 'text' as const, text: 'heavy' }],
    }));
    const toolbox = await open({ pantry: server });
    const outcome = await toolbox.call('weigh', {}, createRecordingContext().context);
    expect(outcome.isError).toBe(true);
    expect(outcome.content).toMatch(
      /^Tool "weigh" on server "pantry" answered, but its result does not match the tool's own output schema/,
    );
    expect(outcome.content).not.toContain('because of its arguments');
  });

  it('turns a local tool that throws into an error outcome', async () => {
    const toolbox = await open({});
    toolbox.addLocalTool({ ...noteTool, run: async () => Promise.reject(new Error('the notebook is full')) });
    const outcome = await toolbox.call('note_to_self', {}, createRecordingContext().context);
    expect(outcome).toEqual({ isError: true, content: 'Local tool "note_to_self" failed: the notebook is full.' });
  });

  it('gives structured content as JSON text when there is no text block', async () => {
    const toolbox = await open({ pantry: buildTestServer('pantry') });
    const outcome = await toolbox.call('structured', {}, createRecordingContext().context);
    expect(outcome).toEqual({
      isError: false,
      content: '{"jars":3,"sealed":true}',
      attachments: [{ kind: 'structured', value: { jars: 3, sealed: true } }],
    });
  });

  it('times out a silent call and says so', async () => {
    const toolbox = await open({ pantry: buildTestServer('pantry') }, { callTimeoutMs: 100 });
    const outcome = await toolbox.call('sleep', { ms: 2_000 }, createRecordingContext().context);
    expect(outcome).toEqual({
      isError: true,
      content: 'Tool "sleep" on server "pantry" timed out: no answer and no progress for 100 ms.',
    });
  });

  it('tells the server when a call is aborted and reports the abort', async () => {
    const observations = createObservations();
    const toolbox = await open({ pantry: buildTestServer('pantry', observations) });
    const { context, abort } = createRecordingContext();
    // The sleep outlasts the test's timeout: settling at all means the abort reached the call.
    const pending = toolbox.call('sleep', { ms: 60_000, label: 'long' }, context);
    await vi.waitFor(() => expect(observations.started).toContain('long'));
    abort();

    expect(await pending).toEqual({
      isError: true,
      content: 'Tool "sleep" on server "pantry" was cancelled because the run was aborted.',
    });
    await vi.waitFor(() => expect(observations.cancelled).toContain('long'));
  });

  it('sends no cancellation for calls that already finished when the run is aborted later', async () => {
    const [clientEnd, serverEnd] = InMemoryTransport.createLinkedPair();
    await buildTestServer('pantry').connect(serverEnd);
    const received: string[] = [];
    const deliver = serverEnd.onmessage;
    serverEnd.onmessage = (message, extra) => {
      if ('method' in message) received.push(message.method);
      deliver?.(message, extra);
    };
    const toolbox = await Toolbox.fromTransports([{ name: 'pantry', url: 'in-memory:pantry', transport: clientEnd }]);
    opened.push(toolbox);
    const { context, abort } = createRecordingContext();
    await toolbox.call('sleep', { ms: 1, label: 'first' }, context);
    await toolbox.call('sleep', { ms: 1, label: 'second' }, context);
    abort();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(received.filter((method) => method === 'tools/call')).toHaveLength(2);
    expect(received).not.toContain('notifications/cancelled');
  });
});

describe('Toolbox progress', () => {
  it('passes a progress token and emits progress events into the lane of the call', async () => {
    const toolbox = await open({ pantry: buildTestServer('pantry') });
    const { context, events } = createRecordingContext({ callId: 'toolu_9' });
    const outcome = await toolbox.call('progress', { steps: 3, intervalMs: 5 }, context);

    expect(outcome.content).toBe('done after 3 steps (progress token present)');
    expect(
      events.map((event) =>
        event.type === 'progress' ? [event.callId, event.tool, event.progress, event.total, event.message] : event.type,
      ),
    ).toEqual([
      ['toolu_9', 'progress', 1, 3, 'step 1'],
      ['toolu_9', 'progress', 2, 3, 'step 2'],
      ['toolu_9', 'progress', 3, 3, 'step 3'],
    ]);
  });

  it('restarts the timeout on progress, so a slow call that reports progress finishes', async () => {
    const toolbox = await open({ pantry: buildTestServer('pantry') }, { callTimeoutMs: 150 });
    const outcome = await toolbox.call('progress', { steps: 6, intervalMs: 60 }, createRecordingContext().context);
    expect(outcome).toEqual({ isError: false, content: 'done after 6 steps (progress token present)' });
  });
});

describe('Toolbox server requests', () => {
  it('hands sampling requests to the handler with the context of the call that caused them, two calls in flight', async () => {
    const seen: Array<{ prompt: string; callId: string | undefined }> = [];
    const handlers: ServerRequestHandlers = {
      sampling: async (_server, params, context) => {
        const first = params.messages[0]?.content;
        const prompt = first && 'text' in first ? String(first.text) : '';
        seen.push({ prompt, callId: context?.callId });
        return { role: 'assistant', model: 'test', content: { type: 'text', text: `answer for ${context?.callId}` } };
      },
    };
    const toolbox = await open({ pastry: buildTestServer('pastry') }, { handlers });
    const contextFor = (callId: string): ToolCallContext => createRecordingContext({ callId }).context;

    const [slow, fast] = await Promise.all([
      toolbox.call('ask_model', { prompt: 'from A', delayMs: 60 }, contextFor('A')),
      toolbox.call('ask_model', { prompt: 'from B', delayMs: 5 }, contextFor('B')),
    ]);

    expect(slow.content).toBe('answer for A');
    expect(fast.content).toBe('answer for B');
    expect(seen).toEqual([
      { prompt: 'from B', callId: 'B' },
      { prompt: 'from A', callId: 'A' },
    ]);
  });

  it('hands elicitation requests to the handler with the server name and the call context', async () => {
    const handlers: ServerRequestHandlers = {
      elicitation: async (server, params, context) => ({
        action: 'accept',
        content: { answer: `${server}/${context?.callId}/${params.message}` },
      }),
    };
    const toolbox = await open({ pastry: buildTestServer('pastry') }, { handlers });
    const outcome = await toolbox.call(
      'ask_user',
      { question: 'sweet?' },
      createRecordingContext({ callId: 'Q' }).context,
    );
    expect(outcome).toEqual({ isError: false, content: 'accept: {"answer":"pastry/Q/sweet?"}' });
  });

  it('answers sampling with a JSON-RPC error saying the host does not offer it when no handler is set', async () => {
    const toolbox = await open({ pastry: buildTestServer('pastry') });
    const outcome = await toolbox.call('ask_model', { prompt: 'hello' }, createRecordingContext().context);
    expect(outcome.isError).toBe(true);
    expect(outcome.content).toContain('sampling failed: MCP error -32601: This host does not offer sampling');
  });
});
