// Step 7: one budget by reference. The same run with a copied budget per worker overspends; the
// shared one holds. Then the depth and thread limits, reached, with their texts.

import {
  createSpawnAgentTool,
  type LocalTool,
  type LoopEvent,
  type Model,
  runAgentLoop,
  type Toolbox,
  TreeBudget,
  WORKER_BRIEF_ENDING,
} from '@kitchen/host';
import { OfflineModel } from '@kitchen/offline-model';
import { openKitchen, runToEnd } from '../tour-kitchen.js';
import type { TourOutput, TourStep } from '../tour-step.js';

/** Less than the run needs (about 26,000 tokens), more than any one agent of it needs. */
const CAP = 16_000;
/** Small, so each reservation (input estimate + max output) stays close to what a call spends. */
const MAX_TOKENS_PER_CALL = 1024;
const JARS = 80;
const TASK = `Check jars 1-${JARS} for tampering.`;

export const oneBudget: TourStep = {
  number: 7,
  title: 'One budget by reference; the depth and thread limits',
  async run(out: TourOutput) {
    out.say(`${JSON.stringify(TASK)} with a cap of ${CAP} tokens for the whole run, two ways.`);
    out.say(
      `(Each model call may write at most ${MAX_TOKENS_PER_CALL} tokens here, not the default 4096, so a reservation stays close to what a call spends.)`,
    );
    out.say();

    const copies: TreeBudget[] = [];
    const copied = await budgetRun((toolbox, model, shared) => copyingSpawnAgent(toolbox, model, shared, copies));
    const copiedTotal = copied.shared.spentTokens + copies.reduce((sum, copy) => sum + copy.spentTokens, 0);
    out.say('1. Each worker gets a copy: a budget of its own holding what was left when it was hired.');
    out.say(
      `   main spent ${copied.shared.spentTokens}; the ${copies.length} copies spent ${copies.map((copy) => copy.spentTokens).join(', ')}.`,
    );
    out.say(
      `   Each copy stayed within itself; the run spent ${copiedTotal} tokens: ${copiedTotal - CAP} over the cap.`,
    );
    out.say();

    const shared = await budgetRun(() => createSpawnAgentTool());
    out.say('2. Every agent holds the same TreeBudget (by reference) and reserves before each model call:');
    for (const lane of shared.shared.agents()) out.say(`   ${lane.agent.padEnd(5)} spent ${lane.tokens}`);
    const stops = shared.events.flatMap((event) =>
      event.type === 'agent-end' ? [`${event.agent}: ${event.stopReason}`] : [],
    );
    out.say(`   stop reasons: ${stops.join(', ')}`);
    out.say(
      `   The run spent ${shared.shared.spentTokens} tokens of ${CAP}: the cap holds, because a reservation that`,
    );
    out.say('   does not fit is refused before the call, whoever asks.');
    out.say();

    out.say('The limits on hiring, reached:');
    const threads = await openKitchen({ jars: JARS });
    try {
      threads.addLocalTool(createSpawnAgentTool({ maxLiveWorkers: 1 }));
      const events = await runToEnd({
        messages: [{ role: 'user', content: TASK }],
        model: new OfflineModel(),
        toolbox: threads,
      });
      const asked = events.filter((event) => event.type === 'tool-call' && event.tool === 'spawn_agent').length;
      const refused = refusals(events, 'main');
      out.say(
        `  maxLiveWorkers 1, ${asked} workers asked for at once, ${refused.length} refused: ${[...new Set(refused)].join(' | ')}`,
      );
    } finally {
      await threads.close();
    }
    const deep = await openKitchen({ jars: JARS });
    try {
      deep.addLocalTool(createSpawnAgentTool({ maxDepth: 1 }));
      // An agent already at depth 1 (a worker) that is handed spawn_agent anyway: the tool refuses.
      const events = await runToEnd({
        messages: [{ role: 'user', content: TASK }],
        model: new OfflineModel(),
        toolbox: deep,
        agent: { id: 'w', name: 'worker', depth: 1 },
        delegate: true,
      });
      out.say(`  maxDepth 1, a worker tries to hire: ${[...new Set(refusals(events, 'w'))].join(' | ')}`);
    } finally {
      await deep.close();
    }
    out.say('  Both are tool results the model acts on (it does the jars itself), never exceptions.');
    out.say('  In a real run: `pnpm kitchen demo --jars 400 --max-depth 2` hires 5 workers of 80 jars, each');
    out.say('  hiring 2 of 40; the workers at depth 2 are not offered spawn_agent, and every agent ends.');
    out.say();
    out.see('packages/host/src/tree-budget.ts', 'reserve(agent: string, tokens: number)', 'reserve is synchronous');
    out.see('packages/host/src/spawn-agent.ts', 'budget: run.budget', 'workers get the same object');
    out.see('packages/host/src/limits/spawn-agent-limits.ts', 'export const AGENT_DEPTH_LIMIT_TEXT', 'the texts');
  },
};

async function budgetRun(
  spawnTool: (toolbox: Toolbox, model: Model, shared: TreeBudget) => LocalTool,
): Promise<{ shared: TreeBudget; events: LoopEvent[] }> {
  const shared = new TreeBudget({ maxTokens: CAP });
  const toolbox = await openKitchen({ jars: JARS });
  try {
    const model = new OfflineModel();
    toolbox.addLocalTool(spawnTool(toolbox, model, shared));
    const events = await runToEnd({
      messages: [{ role: 'user', content: TASK }],
      model,
      toolbox,
      budget: shared,
      maxTokensPerCall: MAX_TOKENS_PER_CALL,
    });
    return { shared, events };
  } finally {
    await toolbox.close();
  }
}

/**
 * spawn_agent as it would be if the budget crossed a boundary by value: the same tool to the
 * model, but each worker runs the loop against a copy holding what was left when it was hired.
 */
function copyingSpawnAgent(toolbox: Toolbox, model: Model, shared: TreeBudget, copies: TreeBudget[]): LocalTool {
  const real = createSpawnAgentTool();
  return {
    ...real,
    async run(input, context) {
      const copy = new TreeBudget({ maxTokens: Math.max(1, shared.remainingTokens) });
      copies.push(copy);
      let report = '';
      for await (const event of runAgentLoop({
        messages: [{ role: 'user', content: `${String(input['task'])}\n\n${WORKER_BRIEF_ENDING}` }],
        model,
        toolbox,
        budget: copy,
        delegate: false,
        maxTokensPerCall: MAX_TOKENS_PER_CALL,
        agent: {
          id: `copy-${copies.length}`,
          name: String(input['name'] ?? 'worker'),
          parent: context.agent.id,
          depth: 1,
        },
      }))
        if (event.type === 'agent-end') report = event.finalText;
      return { isError: false, content: report };
    },
  };
}

function refusals(events: readonly LoopEvent[], agent: string): string[] {
  return events.flatMap((event) =>
    event.type === 'tool-result' && event.agent === agent && event.tool === 'spawn_agent' && event.isError
      ? [event.content]
      : [],
  );
}
