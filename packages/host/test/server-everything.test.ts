// The host answering a server nobody here wrote: @modelcontextprotocol/server-everything, run as a
// process over real HTTP on 127.0.0.1 (forced by a preload: it would otherwise bind every interface).

import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createElicitationHandler } from '../src/elicitation-handler.js';
import type { LoopEvent, SamplingRequestEvent, SamplingResponseEvent } from '../src/loop-event.js';
import { createResourceTools, LIST_RESOURCES_TOOL, READ_RESOURCE_TOOL } from '../src/resource-tools.js';
import { createSamplingHandler } from '../src/sampling-handler.js';
import { createRecordingContext } from '../src/testing/recording-context.js';
import { ScriptedModel } from '../src/testing/scripted-model.js';
import { scriptedPerson } from '../src/testing/scripted-person.js';
import { Toolbox } from '../src/toolbox.js';
import { TreeBudget } from '../src/tree-budget.js';
import { type RunningServer, startServer } from './server-process.js';

const everythingEntry = fileURLToPath(
  new URL('../node_modules/@modelcontextprotocol/server-everything/dist/index.js', import.meta.url),
);
const preload = fileURLToPath(new URL('./force-loopback.cjs', import.meta.url));

describe('the host against @modelcontextprotocol/server-everything', () => {
  let server: RunningServer;
  let toolbox: Toolbox;
  const budget = new TreeBudget();
  const model = new ScriptedModel(() => ({ text: 'Hello from the kitchen.' }), { id: 'claude-sonnet-5' });
  const person = scriptedPerson({
    forms: [
      {
        action: 'accept',
        content: { name: 'Ada Lovelace', check: true, integer: 7, untitledMultipleSelectEnum: ['Piano'] },
      },
      { action: 'decline' },
    ],
    links: [{ action: 'accept' }],
  });

  beforeAll(async () => {
    server = await startServer(process.execPath, ['--require', preload, everythingEntry, 'streamableHttp'], {
      env: { ...process.env, PORT: '0' },
      ready: /LOOPBACK LISTENING (127\.0\.0\.1:\d+)/,
    });
    toolbox = await Toolbox.connect([{ name: 'everything', url: `http://${server.address}/mcp` }], {
      handlers: {
        sampling: createSamplingHandler({ model, budget, defaultAction: 'allow', maxOutputTokens: 64 }),
        elicitation: createElicitationHandler({ person }),
      },
    });
    for (const tool of createResourceTools(toolbox)) toolbox.addLocalTool(tool);
  }, 30_000);

  afterAll(async () => {
    await toolbox?.close();
    await server?.stop();
  });

  it('listens on loopback only', () => {
    expect(server.address).toMatch(/^127\.0\.0\.1:\d+$/);
  });

  it('answers trigger-sampling-request with the host model, capped and charged', async () => {
    const recording = createRecordingContext({ callId: 'call-sample' });
    const outcome = await toolbox.call(
      'trigger-sampling-request',
      { prompt: 'Say hello', maxTokens: 500 },
      recording.context,
    );
    expect(outcome.isError).toBe(false);
    expect(outcome.content).toContain('LLM sampling result');
    expect(outcome.content).toContain('Hello from the kitchen.');
    expect(model.requests.at(-1)).toMatchObject({ system: 'You are a helpful test server.', maxTokens: 64 });
    const shown = recording.events.find((event): event is SamplingRequestEvent => event.type === 'sampling-request');
    const answered = recording.events.find(
      (event): event is SamplingResponseEvent => event.type === 'sampling-response',
    );
    expect(shown).toMatchObject({ callId: 'call-sample', server: 'everything', maxTokens: 64 });
    expect(answered).toMatchObject({ callId: 'call-sample', outcome: 'answered' });
    expect(answered?.costCents).toBe(budget.spentCents);
  }, 20_000);

  it('shows progress from trigger-long-running-operation in the lane of the call', async () => {
    const recording = createRecordingContext({ callId: 'call-long' });
    const outcome = await toolbox.call(
      'trigger-long-running-operation',
      { duration: 0.5, steps: 5 },
      recording.context,
    );
    expect(outcome.isError).toBe(false);
    const progress = recording.events.filter(
      (event): event is Extract<LoopEvent, { type: 'progress' }> => event.type === 'progress',
    );
    expect(progress.map((event) => [event.callId, event.progress, event.total])).toEqual(
      [1, 2, 3, 4, 5].map((step) => ['call-long', step, 5]),
    );
  }, 20_000);

  it('answers trigger-elicitation-request through the person, accept then decline', async () => {
    const accepted = createRecordingContext({ callId: 'call-ask' });
    const first = await toolbox.call('trigger-elicitation-request', {}, accepted.context);
    expect(first.content).toContain('User provided the requested information');
    expect(first.content).toContain('Name: Ada Lovelace');
    expect(accepted.events.map((event) => event.type)).toEqual(['elicitation-request', 'elicitation-response']);
    expect(person.forms[0]?.schema.required).toEqual(['name']);

    const declined = await toolbox.call('trigger-elicitation-request', {}, createRecordingContext().context);
    expect(declined.content).toContain('User declined');
  }, 20_000);

  it('offers the model a tool that must run as a task, and runs it as one to its result', async () => {
    expect(toolbox.find('simulate-research-query')).toBeDefined();
    const recorded = createRecordingContext({ callId: 'call-task' });
    const outcome = await toolbox.call('simulate-research-query', { topic: 'croissants' }, recorded.context);
    expect(outcome.isError).toBe(false);
    expect(outcome.content).toContain('# Research Report: croissants');
    const statuses = recorded.events.filter((event) => event.type === 'task-status');
    expect(statuses[0]).toMatchObject({ callId: 'call-task', server: 'everything', status: 'working' });
    expect(statuses.at(-1)).toMatchObject({ status: 'completed' });
  }, 30_000);

  it('cancels a task when its call is stopped', async () => {
    const recorded = createRecordingContext({ callId: 'call-stopped' });
    const outcome = toolbox.call('simulate-research-query', { topic: 'éclairs' }, recorded.context);
    while (!recorded.events.some((event) => event.type === 'task-status'))
      await new Promise((resolve) => setTimeout(resolve, 10));
    recorded.abort(new Error('stopped by the test'));
    const stopped = await outcome;
    expect(stopped.isError).toBe(true);
    expect(stopped.content).not.toContain('# Research Report');
    // Only the server's acknowledgement of tasks/cancel ends the task as cancelled.
    expect(stopped.content).toContain('The task was cancelled before it finished.');
  }, 30_000);

  it('answers roots/list with the working directory', async () => {
    const outcome = await toolbox.call('get-roots-list', {}, createRecordingContext().context);
    expect(outcome.isError).toBe(false);
    expect(outcome.content).toContain(pathToFileURL(process.cwd()).href);
  }, 20_000);

  it('keeps content meant for the user alone away from the model', async () => {
    const success = await toolbox.call(
      'get-annotated-message',
      { messageType: 'success' },
      createRecordingContext().context,
    );
    expect(success.content).not.toContain('Operation completed successfully');
    const failure = await toolbox.call(
      'get-annotated-message',
      { messageType: 'error' },
      createRecordingContext().context,
    );
    expect(failure.content).toContain('Error: Operation failed');
  }, 20_000);

  it('lists resources across pages, templates and prompts, reads one, and completes a prompt argument', async () => {
    const server = toolbox.server('everything');
    expect(server).toBeDefined();
    if (server === undefined) return;
    const resources = await server.listResources();
    expect(resources.map((resource) => resource.uri)).toContain('demo://resource/static/document/startup.md');
    expect((await server.listResourceTemplates()).length).toBeGreaterThan(0);
    const [contents] = await server.readResource('demo://resource/static/document/startup.md');
    expect(contents && 'text' in contents ? contents.text : '').toContain('Startup');
    expect((await server.listPrompts()).map((prompt) => prompt.name)).toContain('completable-prompt');
    const completion = await server.complete(
      { type: 'ref/prompt', name: 'completable-prompt' },
      { name: 'name', value: '' },
      { department: 'Sales' },
    );
    expect(completion.values).toEqual(['David', 'Eve', 'Frank']);
    const prompt = await server.getPrompt('completable-prompt', { department: 'Sales', name: 'Eve' });
    expect(JSON.stringify(prompt.messages)).toContain('Please promote Eve to the head of the Sales team.');
  }, 20_000);

  it('lets the model list its resources with list_resources and read them with read_resource', async () => {
    const { context } = createRecordingContext();
    const listed = await toolbox.call(LIST_RESOURCES_TOOL, { server: 'everything' }, context);
    expect(listed.isError).toBe(false);
    expect(listed.content).toContain('- demo://resource/static/document/startup.md "startup.md" (text/markdown)');
    expect(listed.content).toContain('- demo://resource/dynamic/text/{resourceId} "Dynamic Text Resource"');
    const read = (uri: string) => toolbox.call(READ_RESOURCE_TOOL, { server: 'everything', uri }, context);
    expect((await read('demo://resource/static/document/startup.md')).content).toMatch(
      /^\[demo:\/\/resource\/static\/document\/startup\.md \(text\/markdown\)\]\n.*Startup/s,
    );
    expect((await read('demo://resource/dynamic/text/1')).content).toContain('Resource 1');
    expect((await read('demo://resource/dynamic/blob/1')).content).toMatch(
      /^\[demo:\/\/resource\/dynamic\/blob\/1 \([^)]+\): binary, \d+ B, not shown to the model\]$/,
    );
  }, 20_000);

  it('hands over an image for a model that can look, resource links the model can follow, and embedded resources', async () => {
    const { context } = createRecordingContext();
    const image = await toolbox.call('get-tiny-image', {}, context);
    expect(image.content).toMatch(
      /^Here's the image you requested:\n\n\[image: image\/png, \d+ (B|KB)\]\n\nThe image above/,
    );
    expect(image.images).toEqual([expect.objectContaining({ mimeType: 'image/png' })]);
    expect(image.attachments).toEqual([
      expect.objectContaining({ kind: 'image', mimeType: 'image/png', toModel: true }),
    ]);

    const links = await toolbox.call('get-resource-links', { count: 2 }, context);
    expect(links.content).toMatch(
      /\[resource link: "[^"]+" at demo:\/\/resource\/dynamic\/\S+ .*— read it with read_resource \{"server": "everything", "uri": "demo:/,
    );
    expect(links.attachments?.filter((part) => part.kind === 'resource-link')).toHaveLength(2);
    const followed = /"uri": ("[^"]+")/.exec(links.content)?.[1] ?? '""';
    const read = await toolbox.call(READ_RESOURCE_TOOL, { server: 'everything', uri: JSON.parse(followed) }, context);
    expect(read.isError).toBe(false);

    const embedded = await toolbox.call('get-resource-reference', { resourceType: 'Text', resourceId: 2 }, context);
    expect(embedded.content).toMatch(/\[embedded resource demo:\/\/resource\/dynamic\/text\/2[^\]]*\]\n.*Resource 2/s);
    expect(embedded.attachments).toContainEqual(expect.objectContaining({ kind: 'resource', text: true }));
  }, 20_000);

  it('shows its URL-mode elicitation to the person with the link, and sends back their answer', async () => {
    const recording = createRecordingContext({ callId: 'call-url' });
    const outcome = await toolbox.call(
      'trigger-url-elicitation',
      { url: 'https://example.com/connect', message: 'Connect your account' },
      recording.context,
    );
    expect(outcome.isError).toBe(false);
    expect(outcome.content).toContain('accept');
    expect(person.links).toEqual([
      expect.objectContaining({ server: 'everything', url: 'https://example.com/connect', domain: 'example.com' }),
    ]);
    expect(recording.events.map((event) => event.type)).toEqual(['elicitation-request', 'elicitation-response']);
  }, 20_000);

  it('tells the model a link must be opened first when a call fails with URL elicitation required', async () => {
    const outcome = await toolbox.call(
      'trigger-url-elicitation',
      { url: 'https://example.com/first', message: 'Sign in first', errorPath: true, elicitationId: 'first-1' },
      createRecordingContext().context,
    );
    expect(outcome.isError).toBe(true);
    expect(outcome.content).toMatch(/needs the user to open a link first \(.+: https:\/\/\S+\)\. Tell the user/);
  }, 20_000);
});
