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
import { hiringRun } from '../demos/hiring-limits.js';
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

    await showTheHiringLimits(out);
    out.say();
    out.see('packages/host/src/tree-budget.ts', 'reserve(agent: string, tokens: number)', 'reserve is synchronous');
    out.see('packages/host/src/spawn-agent.ts', 'budget: run.budget', 'workers get the same object');
    out.see('packages/host/src/limits/spawn-agent-limits.ts', 'export const AGENT_DEPTH_LIMIT_TEXT', 'the texts');
    out.see('packages/host/src/spawn-agent.ts', 'run.tree.slots.reserve(limits.maxLiveWorkers)', 'the thread limit');
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

/**
 * The two limits apart, each in a kitchen run wired as `kitchen demo` wires it: the depth limit
 * (how deep hiring goes), then the thread limit (how many workers run at once), then the depth
 * limit's own words from the loop's guard.
 */
async function showTheHiringLimits(out: TourOutput): Promise<void> {
  out.say("The limits on hiring, one at a time, in the kitchen's own runs (KitchenHost, as `kitchen demo` wires it):");
  const deep = await hiringRun({ jars: 400, maxDepth: 2, maxLiveWorkers: 16 });
  const byDepth = (depth: number) => deep.starts.filter((start) => start.depth === depth);
  const offered = (depth: number) => byDepth(depth).filter((start) => deep.offeredSpawn.get(start.agent)).length;
  out.say('  The depth limit: 400 jars, maxDepth 2 (`--max-depth 2`), maxLiveWorkers 16 (the default).');
  out.say(
    `    depth 0: ${byDepth(0).length} agent, depth 1: ${byDepth(1).length} workers, depth 2: ${byDepth(2).length} workers' workers, depth 3: ${byDepth(3).length}`,
  );
  for (const depth of [0, 1, 2])
    out.say(`    offered spawn_agent at depth ${depth}: ${offered(depth)} of ${byDepth(depth).length}`);
  out.say(
    `    agents started ${deep.starts.length}, ended ${deep.ends}; spawn_agent refused ${countRefusals(deep.refusals)} times; ${firstLine(deep.finalText)}`,
  );
  out.say('    At the limit a worker is not offered spawn_agent at all, so it never asks: it does its share.');

  const busy = await hiringRun({ jars: 400, maxDepth: 2, maxLiveWorkers: 3 });
  const mainAsked = busy.events.filter(
    (event) => event.type === 'tool-call' && event.agent === 'main' && event.tool === 'spawn_agent',
  ).length;
  const hired = busy.starts.filter((start) => start.depth > 0);
  const workersRefused = hired.map((start) => busy.refusals.get(start.agent)?.length ?? 0);
  out.say('  The thread limit: the same run with maxLiveWorkers 3 (`--max-workers 3`), the depth still 2.');
  out.say(
    `    main asked for ${mainAsked} workers in one turn: ${busy.starts.filter((start) => start.parent === 'main').length} hired, ${busy.refusals.get('main')?.length ?? 0} refused with:`,
  );
  out.say(`      "${[...new Set(busy.refusals.get('main') ?? [])].join(' | ')}"`);
  out.say(
    `    its ${hired.length} workers may hire (depth 1 < 2) and asked too; refused ${workersRefused.join(', ')} times: the 3 threads are theirs.`,
  );
  out.say(
    `    agents started ${busy.starts.length}, ended ${busy.ends}; ${firstLine(busy.finalText)} (each agent refused did those shares itself)`,
  );

  const guard = await openKitchen({ jars: JARS });
  try {
    guard.addLocalTool(createSpawnAgentTool({ maxDepth: 1 }));
    // An agent already at depth 1 (a worker) that is handed spawn_agent anyway: the tool refuses.
    const events = await runToEnd({
      messages: [{ role: 'user', content: TASK }],
      model: new OfflineModel(),
      toolbox: guard,
      agent: { id: 'w', name: 'worker', depth: 1 },
      delegate: true,
    });
    out.say("  The depth limit's own words, from the guard: a worker at maxDepth 1 handed spawn_agent anyway:");
    out.say(`      "${[...new Set(refusals(events, 'w'))].join(' | ')}"`);
  } finally {
    await guard.close();
  }
  out.say('  Both limits answer with tool results the model acts on (it does the jars itself), never exceptions.');
}

function countRefusals(refused: ReadonlyMap<string, string[]>): number {
  return [...refused.values()].reduce((sum, texts) => sum + texts.length, 0);
}

function firstLine(text: string): string {
  return text.split('\n')[0] ?? '';
}

function refusals(events: readonly LoopEvent[], agent: string): string[] {
  return events.flatMap((event) =>
    event.type === 'tool-result' && event.agent === agent && event.tool === 'spawn_agent' && event.isError
      ? [event.content]
      : [],
  );
}
