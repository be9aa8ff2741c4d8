// Every step of the tour is a test: each runs in-process, as `pnpm tour N` runs it, and its key
// output is checked, so the tour cannot drift from the code it walks through.

import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { breakTheQueue } from './steps/06-the-event-queue.js';
import { TOUR_STEPS } from './steps.js';
import { collectOutput } from './tour-step.js';

async function runStep(number: number): Promise<string> {
  const step = TOUR_STEPS.find((candidate) => candidate.number === number);
  if (step === undefined) throw new Error(`no step ${number}`);
  const output = collectOutput();
  await step.run(output);
  return output.text();
}

describe('the tour', () => {
  it('numbers its steps 1, 2, 3… with no gap', () => {
    expect(TOUR_STEPS.map((step) => step.number)).toEqual(TOUR_STEPS.map((_, index) => index + 1));
  });

  it('step 1 prints the raw messages of one tool call over HTTP', async () => {
    const text = await runStep(1);
    expect(text).toMatch(/listens on http:\/\/127\.0\.0\.1:\d+\/mcp/);
    expect(text).toMatch(/host → server {2}\{"method":"initialize"/);
    expect(text).toContain('"method":"tools/call","params":{"name":"inspect_jar","arguments":{"id":1}}');
    expect(text).toMatch(/server → host {2}\{"jsonrpc":"2\.0","id":1,"result":\{"content"/);
    expect(text).toMatch(/see packages\/host\/src\/wire\/recorded-tool-call\.ts:\d+/);
  });

  it('step 2 prints the events of one run, from agent-start to done', async () => {
    const text = await runStep(2);
    expect(text).toMatch(/main +agent-start[\s\S]*tool-call +inspect_jar \{"id":3\}[\s\S]*main +done +end_turn/);
    expect(text).toContain('- jar 3: seal broken');
    expect(text).toMatch(/see packages\/host\/src\/run-agent-loop\.ts:\d+ {2}the loop/);
  });

  it('step 3 shows a local tool sent to the model in the same shape as a server tool', async () => {
    const text = await runStep(3);
    expect(text).toContain('Local tools: 3.');
    expect(text).toContain("spawn_agent's keys: name, description, input_schema");
    expect(text).toContain("roll_dice's keys:   name, description, input_schema");
    expect(text).toMatch(/roll_dice +server dice/);
    expect(text).toMatch(/spawn_agent +local: runs inside the host/);
    expect(text).toMatch(/\{"name":"roll_dice","description":"Roll 1 to 100 dice[^\n]*"input_schema":\{/);
    expect(text).toMatch(/\{"name":"spawn_agent","description":"Hire a worker/);
    const workerTools = /The worker's request carried \d+ tools: (.*)/.exec(text)?.[1] ?? '';
    expect(workerTools).toContain('roll_dice');
    expect(workerTools).not.toContain('spawn_agent');
    expect(text).toMatch(/\b(\d+) of \1 byte for byte as the head cook's/);
    expect(text).toContain('its messages: 1, the brief alone:');
    expect(text).not.toMatch(/its system prompt[^\n]*head cook/);
  });

  it('step 4 shows annotations as defaults, a rule over them, and a denial in the report', async () => {
    const text = await runStep(4);
    expect(text).toMatch(/discard_jar +ask +discard_jar on cookie-jars is marked destructive/);
    expect(text).toMatch(/reseal_jar +approved +rule allow:reseal_jar/);
    expect(text).toMatch(/approval-response +discard_jar denied by rule/);
    expect(text).toContain('Jar 3 was NOT discarded');
    expect(text).toMatch(/main +approval-response spawn_agent: approved by rule/);
    expect(text).toMatch(/1 +approval-request +discard_jar/);
    expect(text).toContain('the person was asked 1 time(s): about discard_jar');
  });
});

describe('the tour, part 2', () => {
  it('step 5 shows two worker lanes under main, the brief ending and the comparison', async () => {
    const text = await runStep(5);
    expect(text).toMatch(/1 +jars-1-20 +parent main, depth 1/);
    expect(text).toMatch(/2 +jars-21-40 +parent main, depth 1/);
    expect(text).toContain(
      '"Reply with a short report, not a transcript. If you run out of room, report what you DID establish."',
    );
    expect(text).toMatch(/with {4}correct true, 2 workers, \d+ tokens, worker reports \d+ characters/);
    expect(text).toMatch(/without correct true, 2 workers/);
    expect(text).toMatch(/tools: inherit +→ the worker is offered discard_jar, inspect_jar, list_jars\n/);
    expect(text).toMatch(/tools: list roll_dice +→ the worker is offered roll_dice\n/);
    expect(text).toMatch(/tools: restrict inspect_jar, roll_dice +→ the worker is offered inspect_jar\n/);
    expect(text).toContain('its requests: maxTokens 300, temperature 0.2');
    expect(text).toContain("model: a cheaper model → the worker's 2 requests went to it;");
    expect(text).toMatch(
      /first report "Jar 1 looks fine to me\." sent back once: "Your report does not fit the report schema/,
    );
    expect(text).toContain('→ the head cook read: {"jar":1,"tampered":false}');
  }, 30_000);

  it('step 6 drains pushes in arrival order, and a real run with a throwing call still ends', async () => {
    const text = await runStep(6);
    expect(text.indexOf('yielded: jars-41-60')).toBeLessThan(text.indexOf('yielded: jars-1-20 reports (pushed'));
    expect(text).toMatch(/jar-2 +agent-end +error/);
    expect(text).toMatch(/main +done +end_turn/);
    expect(text).toContain('pnpm tour 6 --break');
  });

  it('step 6 --break shows the real loop hanging on a copy of the host, and leaves the tree as it was', async () => {
    const status = () => execFileSync('git', ['status', '--porcelain', '--untracked-files=all'], { encoding: 'utf8' });
    const before = status();
    const output = collectOutput();
    await breakTheQueue(output, { timeoutSeconds: 3, tickSeconds: 1 });
    const text = output.text();
    expect(text).toContain('- (error: unknown) => queue.fail(error),');
    expect(text).toMatch(/jar-1 +agent-end +end_turn/);
    expect(text).toContain('still waiting after 1 s');
    expect(text).toContain('timed out after 3 s: the run never ended');
    expect(text).not.toMatch(/jar-2 +agent-end/);
    expect(text).not.toMatch(/main +done/);
    expect(status()).toBe(before);
    const copy = /copy of packages\/host in (\S+),/.exec(text)?.[1];
    expect(copy !== undefined && existsSync(copy)).toBe(false);
  });

  it('step 7 overspends with copied budgets, holds the cap with the shared one, and reaches both limits', async () => {
    const text = await runStep(7);
    const copied = /the run spent (\d+) tokens: (\d+) over the cap/.exec(text);
    expect(Number(copied?.[1])).toBeGreaterThan(16_000);
    const shared = /The run spent (\d+) tokens of 16000/.exec(text);
    expect(Number(shared?.[1])).toBeLessThanOrEqual(16_000);
    // The depth limit, in a kitchen run: workers' workers at depth 2, none offered spawn_agent, all ended.
    expect(text).toContain("depth 0: 1 agent, depth 1: 5 workers, depth 2: 10 workers' workers, depth 3: 0");
    expect(text).toContain('offered spawn_agent at depth 2: 0 of 10');
    expect(text).toContain(
      'agents started 16, ended 16; spawn_agent refused 0 times; Audit of jars 1-400: 67 tampered',
    );
    // The thread limit apart from it: the same depth, three threads, refusals in the limit's words.
    const threads = text.slice(text.indexOf('The thread limit:'), text.indexOf("The depth limit's own words"));
    expect(threads).toMatch(
      /main asked for 5 workers in one turn: 3 hired, 2 refused with:\n +"Agent thread limit reached\. Solve the task yourself\."\n/,
    );
    expect(threads).toContain('refused 2, 2, 2 times');
    expect(threads).toContain('agents started 4, ended 4; Audit of jars 1-400: 67 tampered');
    expect(threads).not.toContain('Agent depth limit reached');
    expect(text).toMatch(/handed spawn_agent anyway:\n +"Agent depth limit reached\. Solve the task yourself\."/);
  }, 60_000);
});

describe('the tour, parts 3 and 4', () => {
  it('step 8 prices and approves a sampling request, fills a form and streams progress', async () => {
    const text = await runStep(8);
    expect(text).toMatch(/the host asks the person: "pastry-chef is asking to spend \d+\.\d+¢ on a model call/);
    expect(text).toMatch(/sampling-response: the host's own model answered \(\d+ tokens/);
    expect(text).toContain('tool-result choose_filling: {"outcome":"chosen","filling":"lemon curd","servings":6');
    expect(text).toContain('progress 8/8');
    expect(text).toMatch(/tool-result bake: \{"baked":true/);
    // Sampling on the workers' queue: the request and its answer come out of the head cook's one
    // stream, between workers' events; a handler emitting anywhere else would leave them out.
    expect(text).toMatch(
      /#[\d-]+ +\d+ worker events? [^\n]*\n +#\d+ +main sampling-request from pastry-chef \(call critique\)[^\n]*\n +#[\d-]+ +\d+ worker events? [^\n]*\n +#\d+ +main sampling-response answered[^\n]*\n +#[\d-]+ +\d+ worker events? /,
    );
    expect(text).toMatch(/main tool-result critique_recipe\n(?: +#[^\n]*\n)*? +#\d+ +main done/);
  }, 30_000);

  it('step 9 finds spawn_agent and a budget report local, and the clock, the file reader and the cache server tools', async () => {
    const text = await runStep(9);
    expect(text).toContain('cannot be passed: toolbox, gate, budget, stream  →  LOCAL');
    expect(text).toContain('2 of 5 must be local: spawn_agent, a budget report.');
    expect(text.match(/→ {2}a SERVER tool/g)).toHaveLength(3);
    expect(text).toMatch(/spawn_agent +needsLiveRun, delegates/);
    expect(text).toMatch(/roll_dice +works +\{"count":2/);
    expect(text).toMatch(/spawn_agent +REFUSED +spawn_agent runs only inside runAgentLoop/);
  });

  it('step 10 runs both sides at three sizes and finds the crossover in tokens', async () => {
    const text = await runStep(10);
    expect(text).toMatch(/^ +10 +\d+ +true +\d+ +0 +true$/m);
    expect(text).toMatch(/^ +80 +\d+ +true +\d+ +4 +true$/m);
    expect(text).toContain('Delegation pays in tokens from 80 jars');
  }, 30_000);

  it('step 11 lists and reads a resource, gets a prompt, shows a server log and names the revision', async () => {
    const text = await runStep(11);
    expect(text).toMatch(/list_resources \{"server":"cookie-jars"\} → cookie-jars: \d+ resources/);
    expect(text).toMatch(/read_resource jar:\/\/1 → .*"label"/);
    expect(text).toContain('audit_shelf {"shelf":"A"} → Audit shelf A');
    expect(text).toMatch(/server-log cookie-jars warning: The note on jar \d+ reads like instructions/);
    expect(text).toContain(
      "Connected in memory, as in this tour, the cookie jars speak MCP revision 2025-11-25:\ntoolbox.era('cookie-jars') is 2025-11-25.",
    );
    expect(text).toContain("toolbox.era('bakery') is 2026-07-28");
    expect(text).toContain('sampling-request via input_required');
    expect(text).toMatch(/sampling-response via input_required: (\d+) tokens[\s\S]*budget spent \1 tokens/);
    expect(text).toContain('the same pastry-chef request both ways, on the wire: pnpm tour 12');
  });

  it('step 12 shows the same request in both eras side by side: a session and a push, or none and a retry', async () => {
    const text = await runStep(12);
    expect(text).toMatch(/^→ POST initialize +│ → POST server\/discover$/m);
    expect(text).toMatch(/^ {2}⇠ \{"method":"sampling\/createMessage".*│ ← 200 application\/json$/m);
    expect(text).toMatch(/"resultType":"input_required"/);
    expect(text).toMatch(/^→ POST \(the answer to the server\) +│ → POST tools\/call$/m);
    expect(text).toMatch(/^→ DELETE \(end the session\) +│ \(no session to close\)$/m);
    expect(text).toMatch(/one session +│ \d+ HTTP requests?, \d+ SSE messages?, no session/);
    for (const era of ['2025-11-25', '2026-07-28'])
      expect(text).toContain(`The person was asked (${era}): "pastry-chef is asking to spend 0.4¢ on a model call`);
    expect(text).toMatch(/see packages\/host\/src\/wire\/wire-recorder\.ts:\d+/);
  }, 30_000);
});
