import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { InputTokenBound, requestInputBound } from './limits/input-token-bound.js';
import type { LocalTool } from './local-tools.js';
import {
  estimateRequestTokens,
  estimateTokens,
  type Model,
  type ModelRequest,
  type ModelResponse,
  type ToolUseBlock,
} from './model.js';
import { runAgentLoop } from './run-agent-loop.js';
import { createSpawnAgentTool, WORKER_BRIEF_ENDING } from './spawn-agent.js';
import { Toolbox } from './toolbox.js';
import { TreeBudget } from './tree-budget.js';

/** Batches of 50 concurrent runs: 1,000 runs in `pnpm test`, 10,000 under `pnpm soak` (KITCHEN_SOAK=1). */
const BATCHES = process.env['KITCHEN_SOAK'] === '1' ? 200 : 20;

/** Counts three tokens where the host's estimate counts one, as a dense tokenizer would. */
const DENSITY = 3;

/**
 * A model whose tokenizer is three times denser than the host's 4-characters-a-token estimate. It
 * follows a plan (how many turns, how much text, how many workers) and, like a real API, never
 * writes more than request.maxTokens.
 */
class DenseTokenizerModel implements Model {
  readonly id = 'dense';
  readonly label = 'dense-tokenizer model';
  readonly #plan: RunPlan;
  #ids = 0;

  constructor(plan: RunPlan) {
    this.#plan = plan;
  }

  async complete(request: ModelRequest): Promise<ModelResponse> {
    await Promise.resolve();
    const inputTokens = DENSITY * estimateRequestTokens(request);
    const worker = firstUserText(request).endsWith(WORKER_BRIEF_ENDING);
    const turn = request.messages.filter((message) => message.role === 'assistant').length;
    const turns = worker ? this.#plan.workerTurns : this.#plan.mainTurns;
    const wanted = 'x'.repeat(this.#plan.textChars);
    // Output is cut at maxTokens, as the API cuts it.
    const outputTokens = Math.min(request.maxTokens, DENSITY * estimateTokens(wanted));
    const text = wanted.slice(0, Math.floor((outputTokens * 4) / DENSITY));
    const offered = new Set((request.tools ?? []).map((tool) => tool.name));
    const toolUses: ToolUseBlock[] = [];
    if (turn < turns && offered.size > 0) {
      const spawning = !worker && turn === 0 && offered.has('spawn_agent');
      const calls = spawning ? this.#plan.workers : 1;
      for (let call = 0; call < calls; call += 1) {
        toolUses.push(
          spawning
            ? { type: 'tool_use', id: `t${++this.#ids}`, name: 'spawn_agent', input: { task: `Part ${call}.` } }
            : { type: 'tool_use', id: `t${++this.#ids}`, name: 'read_note', input: { chars: this.#plan.noteChars } },
        );
      }
    }
    const stopReason =
      outputTokens === request.maxTokens ? 'max_tokens' : toolUses.length > 0 ? 'tool_use' : 'end_turn';
    return {
      content: [{ type: 'text', text }, ...toolUses],
      stopReason,
      usage: { inputTokens, outputTokens },
      model: this.id,
    };
  }
}

interface RunPlan {
  maxTreeTokens: number;
  maxTokensPerCall: number;
  mainTurns: number;
  workerTurns: number;
  workers: number;
  textChars: number;
  noteChars: number;
}

const readNote: LocalTool = {
  name: 'read_note',
  description: 'Reads a note of the given length.',
  inputSchema: { type: 'object', properties: { chars: { type: 'number' } }, required: ['chars'] },
  annotations: { readOnlyHint: true },
  run: async (input) => ({ isError: false, content: 'n'.repeat(Number(input['chars'])) }),
};

function firstUserText(request: ModelRequest): string {
  const first = request.messages[0];
  if (first === undefined) return '';
  if (typeof first.content === 'string') return first.content;
  return first.content.flatMap((block) => (block.type === 'text' ? [block.text] : [])).join('\n');
}

async function runPlan(plan: RunPlan): Promise<{ budget: TreeBudget; stopReason: string }> {
  const toolbox = await Toolbox.fromTransports([]);
  toolbox.addLocalTool(readNote);
  toolbox.addLocalTool(createSpawnAgentTool({ maxLiveWorkers: 8 }));
  const budget = new TreeBudget({ maxTokens: plan.maxTreeTokens });
  let stopReason = 'none';
  for await (const event of runAgentLoop({
    messages: [{ role: 'user', content: 'Read the notes, in parts if you like.' }],
    model: new DenseTokenizerModel(plan),
    toolbox,
    budget,
    maxTokensPerCall: plan.maxTokensPerCall,
    maxIterations: 30,
  })) {
    if (event.type === 'done') stopReason = event.stopReason;
  }
  await toolbox.close();
  return { budget, stopReason };
}

const planArbitrary: fc.Arbitrary<RunPlan> = fc.record({
  maxTreeTokens: fc.integer({ min: 1, max: 60_000 }),
  maxTokensPerCall: fc.integer({ min: 1, max: 4_000 }),
  mainTurns: fc.integer({ min: 0, max: 6 }),
  workerTurns: fc.integer({ min: 0, max: 4 }),
  workers: fc.integer({ min: 0, max: 4 }),
  textChars: fc.integer({ min: 0, max: 3_000 }),
  noteChars: fc.integer({ min: 0, max: 8_000 }),
});

describe('the tree budget with a tokenizer three times denser than the estimate', () => {
  it('bounds every request above the dense count, where the 4-characters-a-token estimate falls short', () => {
    const request: ModelRequest = {
      system: 'You are a careful cook.',
      messages: [{ role: 'user', content: 'Weigh jar 7 and read its note.' }],
      tools: [{ name: 'read_note', description: readNote.description, input_schema: readNote.inputSchema }],
      maxTokens: 100,
    };
    const dense = DENSITY * estimateRequestTokens(request);
    expect(estimateRequestTokens(request)).toBeLessThan(dense);
    expect(requestInputBound(request)).toBeGreaterThanOrEqual(dense);

    // After the model's own count, the bound of a longer history starts from that count.
    const bound = new InputTokenBound();
    bound.observe(request, dense);
    request.messages.push(
      { role: 'assistant', content: [{ type: 'tool_use', id: 't1', name: 'read_note', input: { chars: 9 } }] },
      { role: 'user', content: [{ type: 'tool_result', tool_use_id: 't1', content: 'é'.repeat(500) }] },
    );
    const next = bound.bound(request);
    expect(next).toBeGreaterThanOrEqual(DENSITY * estimateRequestTokens(request));
    expect(next).toBeLessThan(requestInputBound(request));
  });

  it('never lets 1,000 randomized runs (50 at once, workers drawing together) spend a token past their caps (10,000 under soak)', async () => {
    let runs = 0;
    let stoppedByBudget = 0;
    let nearCap = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(planArbitrary, { minLength: 50, maxLength: 50 }), async (plans) => {
        const outcomes = await Promise.all(plans.map(runPlan));
        outcomes.forEach(({ budget, stopReason }, index) => {
          runs += 1;
          if (stopReason === 'budget') stoppedByBudget += 1;
          if (budget.spentTokens > 0.5 * budget.maxTokens) nearCap += 1;
          expect(budget.spentTokens, JSON.stringify(plans[index])).toBeLessThanOrEqual(budget.maxTokens);
          expect(budget.reservedTokens).toBe(0);
        });
      }),
      { numRuns: BATCHES, seed: 1729 },
    );
    console.log(`dense-tokenizer runs: ${runs} tried (${stoppedByBudget} stopped by their cap, 0 tokens past it)`);
    expect(runs).toBe(BATCHES * 50);
    // The property is not vacuous: many runs met their cap, and many spent most of it.
    expect(stoppedByBudget).toBeGreaterThan(runs / 10);
    expect(nearCap).toBeGreaterThan(runs / 10);
  }, 600_000);
});
