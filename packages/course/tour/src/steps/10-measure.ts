// Step 10: measure before you believe. The comparison's own code runs a few jar counts with
// spawn_agent withheld and offered, and finds the crossover in tokens.

import { crossover, jarCase, runCase, type SweepPoint } from '@kitchen/compare';
import { OfflineModel } from '@kitchen/offline-model';
import type { TourOutput, TourStep } from '../tour-step.js';

/** Small sizes, so the step takes a second or two; `pnpm compare` sweeps 10 to 400. */
export const TOUR_SWEEP = [10, 40, 80] as const;

export const measure: TourStep = {
  number: 10,
  title: 'Measure before you believe: with and without delegation',
  async run(out: TourOutput) {
    out.say("The same audit at three sizes, spawn_agent withheld and offered (compare's runCase):");
    out.say();
    out.say('  jars   withheld: tokens  correct   offered: tokens  workers  correct');
    const points: SweepPoint[] = [];
    for (const jars of TOUR_SWEEP) {
      const evalCase = jarCase(jars);
      const model = () => new OfflineModel();
      const withheld = await runCase(evalCase, { delegate: false }, model);
      const offered = await runCase(evalCase, { delegate: true }, model);
      points.push({
        jars,
        withheld: { tokens: withheld.tokens, wallMs: withheld.wallMs },
        offered: { tokens: offered.tokens, wallMs: offered.wallMs },
      });
      out.say(
        `  ${String(jars).padStart(4)}   ${String(withheld.tokens).padStart(15)}  ${String(withheld.correct).padEnd(7)}   ${String(offered.tokens).padStart(14)}  ${String(offered.workers).padStart(7)}  ${offered.correct}`,
      );
    }
    const from = crossover(points, 'tokens');
    out.say();
    out.say(
      from === undefined
        ? 'Delegation did not pay in tokens at any size here.'
        : `Delegation pays in tokens from ${from} jars: below that, each worker's own prompt and report cost more than they save.`,
    );
    out.say('Wall time needs a latency model to mean anything (the offline model answers at once):');
    out.say('`pnpm compare` adds one, sweeps 10 to 400 jars, and draws the crossover chart.');
    out.say();
    out.see('packages/tools/compare/src/run-case.ts', 'export async function runCase', 'one case, one side');
    out.see('packages/tools/compare/src/crossover-chart.ts', 'export function crossover', 'the crossover');
    out.see('docs/measuring-delegation.md', '## `pnpm compare`', 'the figures with latency');
  },
};
