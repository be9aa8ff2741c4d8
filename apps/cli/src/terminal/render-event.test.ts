// The terminal renderer, line by line: exact strings for each event type, ANSI injection included.

import { DEFAULT_ANTHROPIC_MODEL, type LoopEvent } from '@kitchen/host';
import { describe, expect, it } from 'vitest';
import { type RenderContext, renderEvent } from './render-event.js';
import { renderSummary } from './render-summary.js';
import { createTerminalRenderer } from './terminal-renderer.js';

const plain: RenderContext = { color: false, laneNames: new Map([['2', 'jars-21-40']]) };
const at = 1_700_000_000_000;

function render(event: LoopEvent, context: RenderContext = plain): string | undefined {
  return renderEvent(event, context);
}

const done: Extract<LoopEvent, { type: 'done' }> = {
  type: 'done',
  agent: 'main',
  at,
  finalText: 'Inspected 80 jars.\n- jar 7: seal broken\n- jar 12: 30 g light, no AUTHORIZED note',
  stopReason: 'end_turn',
  iterations: 3,
  toolCalls: 82,
  tokens: 14_654,
  costCents: 4.41,
};

describe('renderEvent', () => {
  it("prints a server's log line in its name, with its level and logger", () => {
    expect(
      render({ type: 'server-log', agent: 'main', at, server: 'everything', level: 'stderr', text: 'Starting…' }),
    ).toBe('📜 everything stderr: Starting…');
    expect(
      render({
        type: 'server-log',
        agent: 'main',
        at,
        server: 'cookie-jars',
        level: 'warning',
        logger: 'shelf',
        text: 'jar 7 \u001b[31mlooks odd',
      }),
    ).toBe('📜 cookie-jars/shelf warning: jar 7 looks odd');
  });

  it('prints the task of the main agent and hires of workers', () => {
    expect(
      render({ type: 'agent-start', agent: 'main', at, name: 'main', depth: 0, task: 'Inspect all 80 cookie jars' }),
    ).toBe('🍪 task: Inspect all 80 cookie jars');
    expect(
      render({
        type: 'agent-start',
        agent: '2',
        at,
        name: 'jars-21-40',
        parent: 'main',
        depth: 1,
        task: 'Inspect jars 21-40',
      }),
    ).toBe('👷 hired #2 "jars-21-40"');
  });

  it('prints a worker that finished, and says nothing when the main agent ends', () => {
    const end = {
      type: 'agent-end',
      at,
      parent: 'main',
      iterations: 3,
      toolCalls: 20,
      tokens: 14_654,
      costCents: 2,
      finalText: 'ok',
    } as const;
    expect(render({ ...end, agent: '1', name: 'jars-1-20', stopReason: 'end_turn' })).toBe(
      '✅ #1 "jars-1-20" — 3 iters, 14,654 tokens, end_turn',
    );
    expect(render({ ...end, agent: '3', name: 'jars-41-60', iterations: 1, stopReason: 'budget' })).toBe(
      '⚠️ #3 "jars-41-60" — 1 iter, 14,654 tokens, budget',
    );
    const { parent: _parent, ...mainEnd } = end;
    expect(render({ ...mainEnd, agent: 'main', name: 'main', stopReason: 'end_turn' })).toBeUndefined();
  });

  it('marks iterations, and puts the lane in front of a worker event', () => {
    expect(render({ type: 'iteration-start', agent: 'main', at, iteration: 2 })).toBe('── iteration 2 ──');
    expect(render({ type: 'iteration-start', agent: '2', at, iteration: 1 })).toBe('[#2 jars-21-40] ── iteration 1 ──');
    expect(render({ type: 'iteration-start', agent: '9', at, iteration: 1 })).toBe('[#9] ── iteration 1 ──');
  });

  it('prints a tool call with its server and its input on one line', () => {
    const call = {
      type: 'tool-call',
      agent: 'main',
      at,
      callId: 'c1',
      tool: 'inspect_jar',
      server: 'cookie-jars',
      input: { id: 7 },
    } as const;
    expect(render(call)).toBe('→ cookie-jars.inspect_jar {"id":7}');
    expect(render({ ...call, tool: 'cookie-jars__inspect_jar' })).toBe('→ cookie-jars.inspect_jar {"id":7}');
    expect(
      render({
        ...call,
        tool: 'spawn_agent',
        server: 'local',
        input: { task: 'Inspect jars 1-20', name: 'jars-1-20' },
      }),
    ).toBe('→ spawn_agent {"task":"Inspect jars 1-20","name":"jars-1-20"}');
  });

  it('shortens a long tool result to one line of at most 100 characters', () => {
    const content = JSON.stringify({
      id: 7,
      label: 'oatmeal raisin',
      seal: 'intact',
      expectedGrams: 500,
      measuredGrams: 470,
      toleranceGrams: 5,
      note: 'x'.repeat(500),
    });
    const line = render({
      type: 'tool-result',
      agent: 'main',
      at,
      callId: 'c1',
      tool: 'inspect_jar',
      server: 'cookie-jars',
      isError: false,
      content,
      durationMs: 3,
    });
    expect(line).toBe(
      '← inspect_jar: {"id":7,"label":"oatmeal raisin","seal":"intact","expectedGrams":500,"measuredGrams"…',
    );
    expect(Array.from(line!).length).toBe(100);
  });

  it('says when the model read only part of a long result', () => {
    const line = render({
      type: 'tool-result',
      agent: 'main',
      at,
      callId: 'c1',
      tool: 'huge_menu',
      server: 'menus',
      isError: false,
      content: 'soup '.repeat(10_000),
      omittedChars: 30_000,
      durationMs: 3,
    });
    expect(line).toMatch(/^← huge_menu: soup soup .*… \(the model read 20,000 of 50,000 characters\)$/);
    expect(Array.from(line!).length).toBe(100);
  });

  it('puts a line under a result for each image, audio clip, resource, link, structured part and note for the user', () => {
    const text = render({
      type: 'tool-result',
      agent: '2',
      at,
      callId: 'c1',
      tool: 'roll_dice',
      server: 'dice',
      isError: false,
      content: '{"total":7}\n\n[image: image/png, 12 KB]',
      attachments: [
        { kind: 'image', mimeType: 'image/png', bytes: 12_288, toModel: true },
        { kind: 'audio', mimeType: 'audio/wav', bytes: 9_000 },
        { kind: 'resource', uri: 'note://1', mimeType: 'text/plain', bytes: 20, text: true },
        { kind: 'resource-link', uri: 'jar://7', name: 'Jar 7\u001b[2J' },
        { kind: 'structured', value: { total: 7, rolls: [3, 4] } },
        { kind: 'for-user', text: 'Roll again any time.' },
      ],
      durationMs: 2,
    });
    expect(text?.split('\n')).toEqual([
      '[#2 jars-21-40] ← roll_dice: {"total":7} [image: image/png, 12 KB]',
      '[#2 jars-21-40]    🖼 image/png 12 KB',
      '[#2 jars-21-40]    🔊 audio/wav 9 KB (described to the model, not played)',
      '[#2 jars-21-40]    📎 note://1 text/plain 20 B',
      '[#2 jars-21-40]    🔗 Jar 7 jar://7',
      '[#2 jars-21-40]    {…} structured content, 2 fields (folded; --json shows it)',
      '[#2 jars-21-40]    👤 for you only: Roll again any time.',
    ]);
  });

  it('prints a failed tool call as a failure, on one line', () => {
    expect(
      render({
        type: 'tool-result',
        agent: '2',
        at,
        callId: 'c9',
        tool: 'inspect_jar',
        server: 'cookie-jars',
        isError: true,
        content: 'No jar 999.\nJar ids are 1..80.',
        durationMs: 1,
      }),
    ).toBe('[#2 jars-21-40] ✗ inspect_jar failed: No jar 999. Jar ids are 1..80.');
  });

  it('strips terminal escapes and control characters that a server put in its text', () => {
    const payload = 'AUTHORIZED\u001b[2J\u001b[H\u001b]0;pwned\u0007: all fine\r\u0008\u009b31m \u202eevil\u0000';
    expect(
      render({
        type: 'tool-result',
        agent: 'main',
        at,
        callId: 'c1',
        tool: 'read_note',
        server: 'cookie-jars',
        isError: false,
        content: payload,
        durationMs: 1,
      }),
    ).toBe('← read_note: AUTHORIZED: all fine evil');
    expect(
      render({
        ...done,
        finalText: 'Report\u001b[31m\n- jar 3: \u001b]8;;http://x\u0007seal broken\u001b]8;;\u0007\r\n',
      }),
    ).toBe('── report ──\nReport\n- jar 3: seal broken');
    expect(
      render({
        type: 'tool-call',
        agent: 'main',
        at,
        callId: 'c1',
        tool: 'evil\u001b[2Jtool',
        server: 'bad\u0007server',
        input: {},
      }),
    ).toBe('→ badserver.eviltool {}');
  });

  it('shows progress, with and without a total', () => {
    expect(
      render({
        type: 'progress',
        agent: 'main',
        at,
        callId: 'c1',
        tool: 'bake',
        progress: 3,
        total: 10,
        message: 'oven warm',
      }),
    ).toBe('⏳ bake [███░░░░░░░] 3/10: oven warm');
    expect(render({ type: 'progress', agent: 'main', at, callId: 'c1', tool: 'bake', progress: 4 })).toBe('⏳ bake 4');
  });

  it('shows approvals that matter and stays quiet about approvals by rule', () => {
    const base = { agent: 'main', at, requestId: 'r1', callId: 'c1', tool: 'discard_jar' } as const;
    expect(
      render({
        ...base,
        type: 'approval-request',
        server: 'cookie-jars',
        input: { id: 3 },
        reason: 'discard_jar is destructive',
      }),
    ).toBe('✋ approval needed: cookie-jars.discard_jar {"id":3} — discard_jar is destructive');
    expect(
      render({ ...base, type: 'approval-response', server: 'cookie-jars', decision: 'approved', by: 'rule' }),
    ).toBeUndefined();
    expect(
      render({ ...base, type: 'approval-response', server: 'cookie-jars', decision: 'approved', by: 'person' }),
    ).toBe('✋ approved by you: discard_jar');
    expect(
      render({
        ...base,
        type: 'approval-response',
        server: 'cookie-jars',
        decision: 'approved',
        by: 'person',
        reason: 'approved by --yes',
      }),
    ).toBe('✋ approved discard_jar: approved by --yes');
    expect(
      render({
        ...base,
        type: 'approval-response',
        server: 'cookie-jars',
        decision: 'denied',
        by: 'rule',
        reason: 'destructive tools need a person',
      }),
    ).toBe('⛔ denied discard_jar by rule: destructive tools need a person');
    expect(
      render({ ...base, type: 'approval-response', server: 'cookie-jars', decision: 'denied', by: 'timeout' }),
    ).toBe('⛔ denied discard_jar (nobody answered in time)');
    expect(
      render({
        ...base,
        type: 'approval-response',
        server: 'cookie-jars',
        decision: 'denied',
        by: 'nobody',
        reason: 'it needs approval and this run has no one to ask.',
      }),
    ).toBe(
      '⛔ denied discard_jar (nobody to ask): it needs approval and this run has no one to ask. Allow it with --yes or --rule allow:cookie-jars/discard_jar.',
    );
  });

  it('prices a sampling request and reports its answer', () => {
    const base = { agent: 'main', at, requestId: 's1', callId: 'c1', server: 'pastry-chef' } as const;
    expect(
      render({
        ...base,
        type: 'sampling-request',
        maxTokens: 512,
        estimatedInputTokens: 120,
        costCents: 6,
        treeTokensLeft: 585_000,
      }),
    ).toBe(
      '🧾 the kitchen is asking to spend 6.0¢ for a model call from pastry-chef (~120 input + up to 512 output tokens; 585,000 tree tokens left)',
    );
    expect(
      render({
        ...base,
        type: 'sampling-response',
        outcome: 'answered',
        inputTokens: 120,
        outputTokens: 240,
        costCents: 0.42,
      }),
    ).toBe("🧾 pastry-chef's model call answered: 120 in + 240 out tokens, 0.4¢");
    expect(
      render({
        ...base,
        type: 'sampling-response',
        outcome: 'denied',
        reason: 'over budget',
        inputTokens: 0,
        outputTokens: 0,
        costCents: 0,
      }),
    ).toBe("🧾 pastry-chef's model call denied: over budget");
  });

  it('shows a server question and its answer', () => {
    const base = { agent: 'main', at, requestId: 'e1', server: 'pastry-chef' } as const;
    expect(render({ ...base, type: 'elicitation-request', message: 'Which flour?', schema: {} })).toBe(
      '❓ pastry-chef asks: Which flour?',
    );
    expect(
      render({
        ...base,
        type: 'elicitation-request',
        message: 'Which flour?',
        schema: { type: 'object', properties: { flour: {}, grams: {} } },
      }),
    ).toBe('❓ pastry-chef asks: Which flour? (2 fields: flour, grams)');
    expect(render({ ...base, type: 'elicitation-response', action: 'accept', content: { flour: 'rye' } })).toBe(
      '❓ answer to pastry-chef: accept {"flour":"rye"}',
    );
    expect(render({ ...base, type: 'elicitation-response', action: 'decline' })).toBe(
      '❓ answer to pastry-chef: decline',
    );
  });

  it('prints the model text on one line and skips usage', () => {
    expect(render({ type: 'text', agent: 'main', at, text: "I'll inspect\nall 80 jars." })).toBe(
      "💬 I'll inspect all 80 jars.",
    );
    expect(render({ type: 'text', agent: 'main', at, text: '  \n' })).toBeUndefined();
    expect(
      render({
        type: 'usage',
        stopReason: 'end_turn',
        agent: 'main',
        at,
        model: 'offline',
        inputTokens: 1,
        outputTokens: 1,
        costCents: 0,
        treeTokens: 2,
      }),
    ).toBeUndefined();
  });

  it('prints the final report as a block, and says why a run stopped early', () => {
    expect(render(done)).toBe(
      '── report ──\nInspected 80 jars.\n- jar 7: seal broken\n- jar 12: 30 g light, no AUTHORIZED note',
    );
    expect(render({ ...done, stopReason: 'max_iterations', finalText: '', detail: 'reached 20 iterations' })).toBe(
      '⚠️ stopped early (max_iterations): reached 20 iterations\n── report ──\n(the model gave no report)',
    );
  });

  it('never shows an answer cut off at max_tokens as a whole report', () => {
    const cut = { ...done, stopReason: 'max_tokens' as const, truncated: true as const, finalText: 'Jar 7 is' };
    expect(render({ ...cut, detail: 'The answer was cut off.' })).toBe(
      '⚠️ stopped early (max_tokens): The answer was cut off.\n── report (cut off: incomplete) ──\nJar 7 is',
    );
  });

  it('announces a retry of the model call with its wait', () => {
    const retry = {
      type: 'model-retry',
      agent: 'main',
      at,
      model: 'claude-sonnet-5-5',
      code: 'model-overloaded',
    } as const;
    expect(
      render({ ...retry, attempt: 2, maxRetries: 3, delayMs: 1200, reason: 'The Anthropic API is overloaded (529)' }),
    ).toBe('🔁 The Anthropic API is overloaded (529), retry 2 of 3 in 1.2 s');
  });

  it('says a tool call was sent again, and when on a new session', () => {
    const retry = {
      type: 'tool-retry',
      agent: 'main',
      at,
      callId: 'c1',
      tool: 'inspect_jar',
      server: 'cookie-jars',
      attempt: 1,
      reason: 'the server does not know the session any more (HTTP 404)',
    } as const;
    expect(render({ ...retry, newSession: true })).toBe(
      '🔁 cookie-jars.inspect_jar sent again on a new session (retry 1): the server does not know the session any more (HTTP 404)',
    );
    expect(render({ ...retry, newSession: false })).toMatch(/^🔁 cookie-jars\.inspect_jar sent again \(retry 1\)/);
  });

  it('turns the limit or the error a run stopped on into advice that names the flag', () => {
    const stopped = { ...done, finalText: 'partial' };
    expect(
      render({
        ...stopped,
        stopReason: 'seatbelt',
        detail: 'Stopped: the run made 10 tool calls, its limit.',
        limit: { limit: 'maxToolCalls', value: 10, spent: 10 },
      }),
    ).toBe(
      '⚠️ stopped early (seatbelt): Stopped: the run made 10 tool calls, its limit. Raise --max-tool-calls to go further.\n── report ──\npartial',
    );
    expect(
      render({
        ...stopped,
        stopReason: 'budget',
        detail: 'Stopped: the tree budget has no room for another model call.',
        limit: { limit: 'maxTreeTokens', value: 1000, spent: 900, needed: 300 },
      }),
    ).toContain('Raise --max-tree-tokens to go further.');
    expect(
      render({
        ...stopped,
        stopReason: 'error',
        detail: 'The model failed: Model "x" was not found (404). Pick a current Claude model.',
        error: { code: 'model-not-found', message: 'Model "x" was not found (404).' },
      }),
    ).toContain('Pick a current Claude model. Set it with --model-name or KITCHEN_MODEL.');
  });

  it('shows the stack of a bug, and only of a bug', () => {
    const bug = {
      ...done,
      stopReason: 'error' as const,
      detail: 'The agent loop failed: boom',
      error: { code: 'unexpected' as const, message: 'boom', stack: 'Error: boom\n    at gate.ts:1:1' },
    };
    expect(render(bug)).toContain('Error: boom\n    at gate.ts:1:1');
    expect(render({ ...bug, error: { ...bug.error, code: 'model-overloaded' } })).not.toContain('at gate.ts');
  });

  it('colours only when asked to', () => {
    expect(render({ type: 'iteration-start', agent: 'main', at, iteration: 1 }, { ...plain, color: true })).toBe(
      '\u001b[1m── iteration 1 ──\u001b[22m',
    );
  });
});

describe('renderSummary', () => {
  it('says the offline model is offline, and sums up the run', () => {
    expect(renderSummary({ done, model: { label: 'offline model', id: 'offline' }, wallMs: 2345 }, false)).toBe(
      '📊 end_turn · 3 iterations · 82 tool calls · 14,654 tokens · 4.4¢ · 2.3 s · model: offline model (deterministic, no network)',
    );
    expect(
      renderSummary(
        {
          done: { ...done, iterations: 1, toolCalls: 1, costCents: 250 },
          model: { label: DEFAULT_ANTHROPIC_MODEL, id: DEFAULT_ANTHROPIC_MODEL },
          wallMs: 640,
        },
        false,
      ),
    ).toBe(
      `📊 end_turn · 1 iteration · 1 tool call · 14,654 tokens · $2.50 · 640 ms · model: ${DEFAULT_ANTHROPIC_MODEL}`,
    );
  });

  it('shows the tree budget spent out of its cap, and the share servers spent on sampling', () => {
    expect(
      renderSummary(
        {
          done,
          model: { label: 'offline model', id: 'offline' },
          wallMs: 2345,
          treeTokens: 20_000,
          samplingCents: 0.12,
        },
        false,
      ),
    ).toBe(
      '📊 end_turn · 3 iterations · 82 tool calls · 14,654 of 20,000 tree tokens · 4.4¢ (sampling 0.1¢) · 2.3 s · model: offline model (deterministic, no network)',
    );
  });
});

describe('createTerminalRenderer', () => {
  it('learns worker names from agent-start events for the lane prefix', () => {
    const renderer = createTerminalRenderer({ color: false });
    renderer.render({ type: 'agent-start', agent: '4', at, name: 'jars-61-80', parent: 'main', depth: 1, task: 't' });
    expect(
      renderer.render({
        type: 'tool-call',
        agent: '4',
        at,
        callId: 'c',
        tool: 'weigh_jar',
        server: 'cookie-jars',
        input: { id: 61 },
      }),
    ).toBe('[#4 jars-61-80] → cookie-jars.weigh_jar {"id":61}');
  });
});
