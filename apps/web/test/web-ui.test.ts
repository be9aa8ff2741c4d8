// `kitchen web` end to end, in-process: the real example servers as child processes, the offline
// model, and the web UI's API over real HTTP on 127.0.0.1:0, read the way the page reads it.

import { request as httpRequest } from 'node:http';
import type { LoopEvent } from '@kitchen/host';
import { PROCESS_TEST_TIMEOUT_MS, reportedJarIds, tamperedJarIds } from '@kitchen/probe-kit/cli-process';
import { demoTask } from '@kitchen/runtime/kitchen-task';
import { describe, expect, it } from 'vitest';
import { foldEvents } from '../src/page/lanes.js';
import { apiFetch, postJson } from './kitchen-api.js';
import { JARS_AND_CHEF, useKitchenWeb } from './test-kitchen.js';

const JARS = 24;
const { web } = useKitchenWeb({
  config: JARS_AND_CHEF,
  flags: ['--jars', String(JARS), '--model', 'offline'],
  runsDirPrefix: 'kitchen-web-runs-',
});

describe('kitchen web', () => {
  it('binds 127.0.0.1 and serves the page with a strict content policy', async () => {
    expect(web().url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/$/);
    const page = await fetch(web().url);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(await page.text()).toContain('<script type="module" src="app.js"></script>');
    // One bundle of the page's TypeScript (page-bundle.ts), the host's formatters in it; not its sources.
    const bundle = await fetch(new URL('app.js', web().url));
    expect(bundle.headers.get('content-type')).toMatch(/javascript/);
    const code = await bundle.text();
    expect(code).toContain('the kitchen is asking to spend');
    // The MCP Apps bridge (the MCP client, zod) is a chunk loaded with the first App, not parsed
    // with the page: it was nine tenths of the page's script.
    expect(code).not.toContain('ZodError');
    const chunk = /import\("(\.\/chunks\/mount-app-[\w-]+\.js)"\)/.exec(code)?.[1];
    expect(chunk).toBeDefined();
    const bridge = await fetch(new URL(chunk ?? '', web().url));
    expect(bridge.status).toBe(200);
    expect(bridge.headers.get('content-type')).toMatch(/javascript/);
    expect(await bridge.text()).toContain('ZodError');
    expect((await fetch(new URL('chunks/nope.js', web().url))).status).toBe(404);
    const source = await fetch(new URL('lanes.ts', web().url));
    expect(source.headers.get('content-type')).not.toMatch(/typescript|javascript/);
  });

  it('links the tour from the page and serves its text', async () => {
    expect(await (await fetch(web().url)).text()).toContain('href="tour.md"');
    const tour = await fetch(new URL('tour.md', web().url));
    expect(tour.status).toBe(200);
    expect(tour.headers.get('content-type')).toMatch(/text\/markdown/);
    expect(await tour.text()).toMatch(/^# The tour/);
  });

  it('lists the toolbox with servers, annotations and the local-tool count', async () => {
    const { tools, localToolCount } = (await (await apiFetch(web(), 'api/tools')).json()) as {
      tools: Array<{ name: string; server: string; annotations: Record<string, unknown> }>;
      localToolCount: number;
    };
    // spawn_agent, and list_resources / read_resource because cookie-jars has resources.
    expect(localToolCount).toBe(3);
    expect(tools).toContainEqual(expect.objectContaining({ name: 'spawn_agent', server: 'local' }));
    expect(tools).toContainEqual(
      expect.objectContaining({
        name: 'read_resource',
        server: 'local',
        annotations: expect.objectContaining({ readOnlyHint: true }),
      }),
    );
    expect(tools).toContainEqual(
      expect.objectContaining({
        name: 'discard_jar',
        server: 'cookie-jars',
        annotations: expect.objectContaining({ destructiveHint: true }),
      }),
    );
  });

  it('streams a run lane by lane to done, and its report matches the known answer', {
    timeout: PROCESS_TEST_TIMEOUT_MS,
  }, async () => {
    const started = await postJson(web(), 'api/runs', { task: demoTask(JARS) });
    expect(started.status).toBe(201);
    const runId = started.body['runId'] as string;
    const events = await readEvents(runId);
    expect(events.at(-1)).toMatchObject({ type: 'done', stopReason: 'end_turn' });

    const view = foldEvents(events);
    // The offline model hires a worker per slice of at most 20 jars: two for 24.
    expect(view.lanes.map((lane) => [lane.id, lane.parent, lane.status])).toEqual([
      ['main', undefined, 'ended'],
      ['1', 'main', 'ended'],
      ['2', 'main', 'ended'],
    ]);
    expect(view.lanes.slice(1).map((lane) => lane.name)).toEqual([
      expect.stringMatching(/^jars-1-\d+$/),
      expect.stringMatching(/^jars-\d+-24$/),
    ]);
    const inspected = view.lanes
      .slice(1)
      .flatMap((lane) => lane.entries.filter((entry) => entry.kind === 'tool' && entry.tool === 'inspect_jar'));
    expect(inspected).toHaveLength(JARS);
    expect(view.lanes[0]?.entries.filter((entry) => entry.kind === 'tool' && entry.tool === 'inspect_jar')).toEqual([]);
    expect(reportedJarIds(view.done?.finalText ?? '')).toEqual(tamperedJarIds(1729, JARS));

    // A reader who comes late gets the whole story, and the stream still ends.
    expect(await readEvents(runId)).toEqual(events);

    // The run was recorded: listed, and its trace served with the events the page saw.
    const traces = (await (await apiFetch(web(), 'api/traces')).json()) as {
      runs: Array<{ id: string; outcome: string; workers: number }>;
    };
    expect(traces.runs[0]).toMatchObject({ outcome: 'done', stopReason: 'end_turn', workers: 2 });
    const trace = (await (await apiFetch(web(), `api/traces/${traces.runs[0]?.id}`)).json()) as { events: LoopEvent[] };
    expect(trace.events.filter((event) => event.type !== 'server-log')).toEqual(
      events.filter((event) => event.type !== 'server-log'),
    );
    expect((await apiFetch(web(), 'api/traces/..%2Fsecrets')).status).toBe(404);

    // Replayed at speed 0 (all at once): the trace's events in their recorded order, numbered, then the end.
    const replay = await fetch(
      new URL(`api/traces/${traces.runs[0]?.id}/replay?speed=0&token=${web().token}`, web().url),
    );
    expect(replay.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const blocks = (await replay.text()).split('\n\n').filter((block) => block !== '');
    expect(blocks.at(-1)).toBe('event: end\ndata: {}');
    const replayed = blocks.slice(0, -1).map((block) => {
      const [id, data] = block.split('\n');
      return {
        id: Number(id?.slice('id: '.length)),
        event: JSON.parse(data?.slice('data: '.length) ?? '') as LoopEvent,
      };
    });
    expect(replayed.map(({ id }) => id)).toEqual(trace.events.map((_event, index) => index));
    expect(replayed.map(({ event }) => event)).toEqual(trace.events);
    expect((await apiFetch(web(), `api/traces/${traces.runs[0]?.id}/replay?speed=fast`)).status).toBe(400);
    expect((await apiFetch(web(), 'api/traces/no-such-run/replay?speed=0')).status).toBe(404);
  });

  it('runs the workers the form chose (their model, only the tools named) and records them; a bad worker field is named', {
    timeout: PROCESS_TEST_TIMEOUT_MS,
  }, async () => {
    const errorOf = async (workers: unknown) =>
      (await postJson(web(), 'api/runs', { task: 'Roll a die', workers })).body['error'];
    expect(await errorOf({ model: 'Not a model!' })).toContain('"workers.model" is not allowed');
    expect(await errorOf({ tools: [] })).toContain('"workers.tools" is not allowed');
    expect(await errorOf({ modle: 'offline' })).toContain('Unknown field "workers.modle"');
    expect(await errorOf({ tools: ['no_such_tool'] })).toContain('"workers.tools" names no tool "no_such_tool"');
    expect(await errorOf({ model: 'claude-haiku-4-5' })).toMatch(
      /^"workers\.model" claude-haiku-4-5: .*ANTHROPIC_API_KEY/,
    );

    const tools = ['list_jars', 'inspect_jar'];
    const started = await postJson(web(), 'api/runs', { task: demoTask(JARS), workers: { model: 'offline', tools } });
    expect(started.status).toBe(201);
    const events = await readEvents(started.body['runId'] as string);
    expect(events.at(-1)).toMatchObject({ type: 'done', stopReason: 'end_turn' });
    const traces = (await (await apiFetch(web(), 'api/traces')).json()) as {
      runs: Array<{ id: string; workers: number }>;
    };
    expect(traces.runs[0]?.workers).toBe(2);
    const trace = (await (await apiFetch(web(), `api/traces/${traces.runs[0]?.id}`)).json()) as {
      run: { settings: Record<string, unknown> };
      modelCalls: Array<{ request: { messages: Array<{ content: unknown }>; tools?: Array<{ name: string }> } }>;
    };
    expect(trace.run.settings['workers']).toEqual({ model: 'offline', tools: { kind: 'restrict', tools } });
    const workerCalls = trace.modelCalls.filter((call) =>
      JSON.stringify(call.request.messages[0]?.content).includes('Reply with a short report'),
    );
    expect(workerCalls.length).toBeGreaterThan(0);
    for (const call of workerCalls)
      expect((call.request.tools ?? []).map((tool) => tool.name).sort()).toEqual([...tools].sort());
  });

  it('asks the page before a destructive call and runs it once allowed', {
    timeout: PROCESS_TEST_TIMEOUT_MS,
  }, async () => {
    const runId = (await postJson(web(), 'api/runs', { task: 'discard jar 3' })).body['runId'] as string;
    const stream = openEvents(runId);
    const request = await stream.until((event) => event.type === 'approval-request');
    expect(request).toMatchObject({
      type: 'approval-request',
      agent: 'main',
      tool: 'discard_jar',
      server: 'cookie-jars',
      input: { id: 3 },
    });
    if (request.type !== 'approval-request') throw new Error('unreachable');

    const busy = await postJson(web(), 'api/runs', { task: 'Roll 3 dice' });
    expect(busy.status).toBe(409);
    expect(busy.body['error']).toContain(`Run ${runId} is still going`);

    expect((await postJson(web(), `api/approvals/${request.requestId}`, { approved: true })).status).toBe(200);
    const events = await stream.until((event) => event.type === 'done');
    const all = [...stream.seen];
    expect(all).toContainEqual(
      expect.objectContaining({
        type: 'approval-response',
        requestId: request.requestId,
        decision: 'approved',
        by: 'person',
      }),
    );
    const result = all.find((event) => event.type === 'tool-result' && event.tool === 'discard_jar');
    expect(result).toMatchObject({ isError: false, content: expect.stringContaining('"discarded":true') });
    expect(events).toMatchObject({ type: 'done', stopReason: 'end_turn' });
    // Answered already: the same id is no longer waiting.
    expect((await postJson(web(), `api/approvals/${request.requestId}`, { approved: false })).status).toBe(404);
  });

  it("puts a server's sampling request and form to the page, and checks the form before it leaves", {
    timeout: PROCESS_TEST_TIMEOUT_MS,
  }, async () => {
    const runId = (
      await postJson(web(), 'api/runs', {
        task: 'Ask the pastry chef to critique the lemon tart recipe, choose a filling and bake it',
      })
    ).body['runId'] as string;
    const stream = openEvents(runId);

    const sampling = await stream.until((event) => event.type === 'sampling-request');
    expect(sampling).toMatchObject({ server: 'pastry-chef', costCents: expect.any(Number) });
    if (sampling.type !== 'sampling-request') throw new Error('unreachable');
    // Sampling approvals go through the same path as tool approvals.
    expect((await postJson(web(), `api/approvals/${sampling.requestId}`, { approved: true })).status).toBe(200);
    expect(await stream.until((event) => event.type === 'sampling-response')).toMatchObject({ outcome: 'answered' });

    const question = await stream.until((event) => event.type === 'elicitation-request');
    if (question.type !== 'elicitation-request') throw new Error('unreachable');
    const misfit = await postJson(web(), `api/elicitations/${question.requestId}`, {
      action: 'accept',
      content: { filling: 'rhubarb', servings: 0 },
    });
    expect(misfit).toMatchObject({
      status: 400,
      body: { problems: [expect.stringContaining('filling must be one of'), 'servings must be at least 1.'] },
    });
    const fits = await postJson(web(), `api/elicitations/${question.requestId}`, {
      action: 'accept',
      content: { filling: 'cherry', servings: 6 },
    });
    expect(fits.status).toBe(200);

    // bake may change things, so the gate asks too.
    const bake = await stream.until((event) => event.type === 'approval-request');
    if (bake.type !== 'approval-request') throw new Error('unreachable');
    await postJson(web(), `api/approvals/${bake.requestId}`, { approved: true });
    expect(await stream.until((event) => event.type === 'done')).toMatchObject({ stopReason: 'end_turn' });
    const chosen = stream.seen.find((event) => event.type === 'tool-result' && event.tool === 'choose_filling');
    expect(chosen).toMatchObject({ isError: false, content: expect.stringContaining('"filling":"cherry"') });
    expect(stream.seen.some((event) => event.type === 'progress' && event.tool === 'bake')).toBe(true);
  });

  it('stops a run waiting for an approval, and the question goes with it', {
    timeout: PROCESS_TEST_TIMEOUT_MS,
  }, async () => {
    const runId = (await postJson(web(), 'api/runs', { task: 'discard jar 5' })).body['runId'] as string;
    const stream = openEvents(runId);
    const request = await stream.until((event) => event.type === 'approval-request');
    if (request.type !== 'approval-request') throw new Error('unreachable');
    expect((await postJson(web(), `api/runs/${runId}/abort`, {})).status).toBe(202);
    expect(await stream.until((event) => event.type === 'done')).toMatchObject({
      stopReason: 'aborted',
      finalText: expect.stringMatching(
        /\nThe run was stopped before I could finish\.$|^Nothing established\. The run was stopped/,
      ),
    });
    // The page shows who ended the question: the stop, never "denied by you".
    expect(
      stream.seen.find((event) => event.type === 'approval-response' && event.requestId === request.requestId),
    ).toMatchObject({ decision: 'denied', by: 'stop' });
    expect((await postJson(web(), `api/approvals/${request.requestId}`, { approved: true })).status).toBe(404);
    expect((await postJson(web(), `api/runs/${runId}/abort`, {})).status).toBe(409);
  });

  it('answers "always for this tool": the question, the ones like it waiting, and the later ones of the run', {
    timeout: PROCESS_TEST_TIMEOUT_MS,
  }, async () => {
    const runId = (await postJson(web(), 'api/runs', { task: 'discard jars 11 and 12' })).body['runId'] as string;
    const stream = openEvents(runId);
    const first = await stream.until((event) => event.type === 'approval-request');
    await stream.until((event) => event.type === 'approval-request' && event !== first);
    if (first.type !== 'approval-request') throw new Error('unreachable');
    expect(await postJson(web(), `api/approvals/${first.requestId}`, { approved: true, always: true })).toMatchObject({
      status: 200,
      body: { always: true },
    });
    await stream.until((event) => event.type === 'done');
    const answers = stream.seen.filter((event) => event.type === 'approval-response' && event.tool === 'discard_jar');
    expect(answers).toHaveLength(2);
    expect(answers).toEqual(
      answers.map(() =>
        expect.objectContaining({ decision: 'approved', by: 'person', reason: expect.stringContaining('"always"') }),
      ),
    );
  });

  it('resumes an event stream after the last event a page drew (?after=N)', {
    timeout: PROCESS_TEST_TIMEOUT_MS,
  }, async () => {
    const runId = (await postJson(web(), 'api/runs', { task: 'Inspect jars 1-2' })).body['runId'] as string;
    const all = await readEvents(runId);
    const response = await fetch(new URL(`api/runs/${runId}/events?after=2&token=${web().token}`, web().url));
    const text = await response.text();
    const ids = [...text.matchAll(/^id: (\d+)$/gm)].map((match) => Number(match[1]));
    expect(ids[0]).toBe(3);
    expect(ids).toHaveLength(all.length - 3);
  });

  it('stops one worker lane by its id, and refuses the main lane, unknown runs and ended lanes', {
    timeout: PROCESS_TEST_TIMEOUT_MS,
  }, async () => {
    const runId = (await postJson(web(), 'api/runs', { task: 'Inspect jars 1-2' })).body['runId'] as string;
    await readEvents(runId);
    expect((await postJson(web(), `api/runs/${runId}/lanes/main/stop`, {})).status).toBe(400);
    expect((await postJson(web(), `api/runs/${runId}/lanes/1/stop`, {})).status).toBe(409);
    expect((await postJson(web(), 'api/runs/no-such-run/lanes/1/stop', {})).status).toBe(404);
    expect(await postJson(web(), 'api/runs', { task: 'Roll 3 dice', paceMs: 99_999 })).toMatchObject({
      status: 400,
      body: { error: expect.stringContaining('"paceMs"') },
    });
  });

  it('lists what each server offers and calls a tool by hand with the raw messages of its session', {
    timeout: PROCESS_TEST_TIMEOUT_MS,
  }, async () => {
    const { servers } = (await (await apiFetch(web(), 'api/servers')).json()) as {
      servers: Array<{ name: string; tools: Array<{ name: string; inputSchema: unknown }>; prompts: unknown[] }>;
    };
    expect(servers.map((server) => server.name)).toEqual(['cookie-jars', 'pastry-chef']);
    expect(servers[0]?.tools.map((tool) => tool.name)).toContain('inspect_jar');
    const called = await postJson(web(), 'api/servers/cookie-jars/tools/inspect_jar', { arguments: { id: 2 } });
    // In the revision the kitchen speaks with the server: 2026-07-28 discovers instead of initializing.
    expect(called).toMatchObject({ status: 200, body: { outcome: { isError: false }, revision: '2026-07-28' } });
    const messages = called.body['messages'] as Array<{ direction: string; message: { method?: string } }>;
    const sent = messages.filter((wire) => wire.direction === 'out').map((wire) => wire.message.method);
    expect(sent[0]).toBe('server/discover');
    expect(sent).not.toContain('initialize');
    expect(sent.at(-1)).toBe('tools/call');
    expect((await postJson(web(), 'api/servers/ghost/tools/x', { arguments: {} })).status).toBe(404);
    expect((await postJson(web(), 'api/servers/cookie-jars/tools/nope', { arguments: {} })).status).toBe(404);
    expect((await postJson(web(), 'api/servers/cookie-jars/tools/inspect_jar', { arguments: 3 })).status).toBe(400);
  });

  it('checks one server for the inspector’s Check panel: the report kitchen check prints, no tool called', {
    timeout: PROCESS_TEST_TIMEOUT_MS,
  }, async () => {
    const response = await apiFetch(web(), 'api/servers/cookie-jars/check');
    expect(response.status).toBe(200);
    const report = (await response.json()) as {
      server: string;
      eras: string[];
      findings: Array<{ rule: string; severity: string }>;
      toolListTokens: { method: string };
      results: unknown[];
    };
    expect(report.server).toBe('cookie-jars');
    expect(report.eras.length).toBeGreaterThan(0);
    expect(report.toolListTokens.method).toBe('estimate');
    expect(report.findings.map((finding) => finding.rule)).toContain('cost/tool-list');
    expect(report.results).toEqual([]);
    expect((await apiFetch(web(), 'api/servers/ghost/check')).status).toBe(404);
  });

  it('asks a server for an argument’s completions, for the inspector’s suggest buttons', async () => {
    const shelf = await postJson(web(), 'api/servers/cookie-jars/complete', {
      ref: { type: 'ref/prompt', name: 'audit_shelf' },
      argument: 'shelf',
    });
    expect(shelf).toMatchObject({ status: 200, body: { values: ['A', 'B', 'C', 'D', 'E'] } });
    const jar = await postJson(web(), 'api/servers/cookie-jars/complete', {
      ref: { type: 'ref/resource', uri: 'jar://{id}' },
      argument: 'id',
      value: '7',
    });
    expect(jar.body['values']).toContain('7');
    expect(
      (await postJson(web(), 'api/servers/ghost/complete', { ref: { type: 'ref/prompt', name: 'x' }, argument: 'y' }))
        .status,
    ).toBe(404);
    expect((await postJson(web(), 'api/servers/cookie-jars/complete', { argument: 'y' })).status).toBe(400);
  });

  it('reads a resource by hand, for the inspector’s read buttons', async () => {
    const jar = await postJson(web(), 'api/servers/cookie-jars/read', { uri: 'jar://3' });
    expect(jar.status).toBe(200);
    const contents = jar.body['contents'] as Array<{ uri: string; text?: string }>;
    expect(contents[0]?.uri).toBe('jar://3');
    expect(JSON.parse(contents[0]?.text ?? '{}')).toMatchObject({ id: 3 });
    expect((await postJson(web(), 'api/servers/ghost/read', { uri: 'jar://3' })).status).toBe(404);
    expect((await postJson(web(), 'api/servers/cookie-jars/read', {})).status).toBe(400);
    const unknown = await postJson(web(), 'api/servers/cookie-jars/read', { uri: 'jar://9999' });
    expect(unknown.status).toBe(502);
    expect(unknown.body['error']).toContain('cookie-jars answered resources/read for jar://9999 with an error');
  });

  it('refuses requests for another host or from another origin', async () => {
    const port = new URL(web().url).port;
    const foreignHost = await rawRequest('GET', '/api/tools', { Host: `evil.example:${port}` });
    expect(foreignHost.status).toBe(403);
    expect(JSON.parse(foreignHost.text).error).toContain(`Host "evil.example:${port}" is not allowed`);
    const foreignOrigin = await rawRequest(
      'POST',
      '/api/runs',
      { Origin: 'http://evil.example', 'Content-Type': 'application/json' },
      '{"task":"discard jar 1"}',
    );
    expect(foreignOrigin.status).toBe(403);
    expect(JSON.parse(foreignOrigin.text).error).toContain('Origin "http://evil.example" is not allowed');
    expect((await rawRequest('GET', '/api/tools', { Origin: `http://localhost:${port}` })).status).toBe(200);
  });

  it('answers a bad body with 400 naming the field, a deeply nested one with 400, and a huge one with 413', async () => {
    const notJson = await rawRequest('POST', '/api/runs', { 'Content-Type': 'application/json' }, '{"task": ');
    expect(notJson.status).toBe(400);
    expect(notJson.text).toContain('not valid JSON');
    const missing = await postJson(web(), 'api/runs', { model: 'offline' });
    expect(missing).toMatchObject({ status: 400, body: { error: expect.stringContaining('"task" is missing') } });
    const badAnswer = await postJson(web(), 'api/approvals/approval-1', { approved: 'yes' });
    expect(badAnswer).toMatchObject({ status: 400, body: { error: expect.stringContaining('"approved"') } });
    const huge = await postJson(web(), 'api/runs', { task: 'x'.repeat(100_000) });
    expect(huge.status).toBe(413);
    // 10 KB, far under the size limit, but 5,000 levels deep: refused before anything walks it.
    const deep = `{"arguments":{"id":${'['.repeat(5_000)}${']'.repeat(5_000)}}}`;
    for (const path of ['/api/servers/cookie-jars/tools/inspect_jar', '/api/runs']) {
      const tooDeep = await rawRequest('POST', path, { 'Content-Type': 'application/json' }, deep);
      expect(tooDeep.status, path).toBe(400);
      expect(JSON.parse(tooDeep.text), path).toEqual({
        error: 'The body is JSON nested deeper than 64 levels; send a flatter JSON object.',
      });
    }
  });

  it('lets only the owner drive it: every API call and the event stream need the per-start token', async () => {
    expect(web().ownerUrl).toBe(`${web().url}?token=${web().token}`);
    expect(web().token).toMatch(/^[A-Za-z0-9_-]{32}$/);
    const bare = await fetch(new URL('api/tools', web().url));
    expect(bare.status).toBe(401);
    expect(((await bare.json()) as { error: string }).error).toContain('open the address `kitchen web` printed');
    const wrong = await fetch(new URL('api/runs', web().url), {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Kitchen-Token': `${web().token.slice(1)}x` },
      body: JSON.stringify({ task: 'discard jar 1' }),
    });
    expect(wrong.status).toBe(401);
    expect((await fetch(new URL('api/runs/run-1/events?token=nope', web().url))).status).toBe(401);
    // The page itself holds no secret and loads without one; it reads the token from its address.
    expect((await fetch(web().url)).status).toBe(200);
    expect((await apiFetch(web(), 'api/tools')).status).toBe(200);
  });

  it('answers 404 for an approval or a question nobody is waiting for', async () => {
    const approval = await postJson(web(), 'api/approvals/approval-999999', { approved: true });
    expect(approval).toMatchObject({
      status: 404,
      body: { error: expect.stringContaining('No approval request "approval-999999" is waiting') },
    });
    expect((await postJson(web(), 'api/elicitations/elicitation-999999', { action: 'decline' })).status).toBe(404);
    expect((await apiFetch(web(), 'api/runs/run-999/events')).status).toBe(404);
  });
});

/** Every event of a run's SSE stream, through `done`. */
async function readEvents(runId: string): Promise<LoopEvent[]> {
  const stream = openEvents(runId);
  await stream.until((event) => event.type === 'done');
  return stream.seen;
}

/** An open SSE stream: `until` resolves with the first event (new or already seen) that matches. */
function openEvents(runId: string): {
  seen: LoopEvent[];
  until(match: (event: LoopEvent) => boolean): Promise<LoopEvent>;
} {
  const seen: LoopEvent[] = [];
  const waiters = new Set<() => void>();
  let failure: unknown;
  let ended = false;
  void (async () => {
    // The page's EventSource cannot send headers: the stream takes the token in the query.
    const response = await fetch(new URL(`api/runs/${runId}/events?token=${web().token}`, web().url));
    if (response.headers.get('content-type')?.startsWith('text/event-stream') !== true)
      throw new Error(`not an event stream: ${response.status}`);
    let buffer = '';
    const decoder = new TextDecoder();
    for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
      buffer += decoder.decode(chunk, { stream: true });
      for (let boundary = buffer.indexOf('\n\n'); boundary >= 0; boundary = buffer.indexOf('\n\n')) {
        const block = buffer.slice(0, boundary);
        buffer = buffer.slice(boundary + 2);
        const data = block.split('\n').find((line) => line.startsWith('data: '));
        if (data !== undefined && !block.includes('event: end')) seen.push(JSON.parse(data.slice(6)) as LoopEvent);
        for (const wake of [...waiters]) wake();
      }
    }
  })()
    .catch((error: unknown) => (failure = error))
    .finally(() => {
      ended = true;
      for (const wake of [...waiters]) wake();
    });
  return {
    seen,
    until(match) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = seen.find(match);
          if (found !== undefined) resolve(found);
          else if (ended)
            reject(
              failure ??
                new Error(
                  `the stream of ${runId} ended without the event; got ${seen.map((event) => event.type).join(', ')}`,
                ),
            );
          else return;
          waiters.delete(check);
        };
        waiters.add(check);
        check();
      });
    },
  };
}

/** node:http, because fetch will not send a Host header of our choosing. */
function rawRequest(
  method: string,
  path: string,
  headers: Record<string, string>,
  body?: string,
): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(
      new URL(path, web().url),
      { method, headers: { 'X-Kitchen-Token': web().token, ...headers } },
      (response) => {
        let text = '';
        response.setEncoding('utf8').on('data', (chunk: string) => (text += chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, text }));
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}
