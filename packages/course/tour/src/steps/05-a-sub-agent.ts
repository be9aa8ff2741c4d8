// Step 5: a sub-agent is one tool whose body is the loop. Lanes, the brief and its two closing
// sentences, and what the comparison says removing them costs on the offline model.

import { jarCase, runCase } from '@kitchen/compare';
import { createSpawnAgentTool, WORKER_BRIEF_ENDING } from '@kitchen/host';
import { OfflineModel } from '@kitchen/offline-model';
import { showWorkerOptions } from '../demos/worker-options.js';
import { finalText, oneLine, openKitchen, runToEnd } from '../tour-kitchen.js';
import type { TourOutput, TourStep } from '../tour-step.js';

export const aSubAgent: TourStep = {
  number: 5,
  title: 'A sub-agent is one tool whose body is the loop',
  async run(out: TourOutput) {
    const toolbox = await openKitchen({ jars: 40 });
    try {
      toolbox.addLocalTool(createSpawnAgentTool());
      const task = 'Check jars 1-40 for tampering.';
      out.say(`${JSON.stringify(task)} with spawn_agent offered. The lanes (agent, parent, depth):`);
      const events = await runToEnd({
        messages: [{ role: 'user', content: task }],
        model: new OfflineModel(),
        toolbox,
      });
      for (const event of events) {
        if (event.type === 'agent-start')
          out.say(
            `  ${event.agent.padEnd(5)} ${event.name.padEnd(11)} parent ${event.parent ?? '-'}, depth ${event.depth}`,
          );
      }
      out.say();
      out.say("What main sent as spawn_agent calls, and what came back (only the worker's final text):");
      for (const event of events) {
        if (event.agent !== 'main') continue;
        if (event.type === 'tool-call' && event.tool === 'spawn_agent')
          out.say(`  call    ${JSON.stringify(event.input)}`);
        if (event.type === 'tool-result' && event.tool === 'spawn_agent')
          out.say(`  result  ${oneLine(event.content, 100)}`);
      }
      out.say();
      out.say('Each brief is the task plus two closing sentences, added by the host:');
      out.say(`  "${WORKER_BRIEF_ENDING}"`);
      out.say();
      out.say(finalText(events).replace(/^/gm, '  '));
    } finally {
      await toolbox.close();
    }
    out.say();
    out.say("Without the two sentences (the comparison's brief check, 40 jars, as `pnpm compare` runs it):");
    const evalCase = jarCase(40);
    const model = () => new OfflineModel();
    const withSentences = await runCase(evalCase, { delegate: true }, model);
    const without = await runCase(evalCase, { delegate: true, briefEnding: '' }, model);
    for (const [label, result] of [
      ['with   ', withSentences],
      ['without', without],
    ] as const)
      out.say(
        `  ${label} correct ${result.correct}, ${result.workers} workers, ${result.tokens} tokens, worker reports ${result.reportChars} characters`,
      );
    out.say();
    out.say(
      withSentences.reportChars === without.reportChars
        ? 'On the offline model they cost nothing: it writes a short report whether asked or not. The sentences are for a real model, whose worker may hand back its transcript; `pnpm compare` with ANTHROPIC_API_KEY set measures that.'
        : `The reports the main agent reads grew from ${withSentences.reportChars} to ${without.reportChars} characters.`,
    );
    out.say();
    out.see('packages/host/src/spawn-agent.ts', 'export function createSpawnAgentTool', 'the tool');
    await showWorkerOptions(out);
    out.say();
    out.see('packages/host/src/spawn-agent.ts', 'const worker = runAgentLoop(', 'its body: the loop again');
    out.see('packages/host/src/spawn-agent.ts', 'export const WORKER_BRIEF_ENDING', 'the two sentences');
    out.see('packages/host/src/spawn-agent.ts', 'export function workerTools', 'the three tool policies');
    out.see(
      'packages/host/src/spawn-agent/worker-report.ts',
      'export async function checkReport',
      'a report checked, sent back once',
    );
    out.see('packages/tools/compare/src/compare.ts', "briefEnding: ''", 'the comparison drops them');
  },
};
