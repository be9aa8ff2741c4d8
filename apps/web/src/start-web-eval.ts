// `kitchen eval FILE --web`: the eval starts as soon as the web UI is up; the terminal gets the
// page's address (?eval=ID), a line per run as it is scored, and the table of verdicts at the
// end, and the command's exit code is the eval's once it has finished. App side.

import { evalExitCode, evalMarkdownTable } from '@kitchen/eval';
import { EXIT, type KitchenOutput } from '@kitchen/runtime/kitchen-output';
import type { KitchenWeb } from './start-kitchen-web.js';
import type { WebEval } from './web-eval.js';

export interface StartedWebEval {
  /** Set when the eval could not start (a bad case file or model): the exit code to stop with. */
  refused?: number;
  /** The eval's exit code once it has finished; interrupted while it runs. */
  exitCode: () => number;
}

export function startWebEval(
  web: KitchenWeb,
  evaluate: { file: string; models: string[] },
  output: KitchenOutput,
): StartedWebEval {
  const say = (line: string) => output.stdout.write(`${line}\n`);
  const started = web.kitchen.evals.start(evaluate);
  if (!started.ok) {
    output.stderr.write(`kitchen eval: ${started.message}\n`);
    return { refused: EXIT.usage, exitCode: () => EXIT.usage };
  }
  const { evaluation } = started;
  say(`🧪 eval ${evaluate.file}: one lane per case and model on ${web.ownerUrl}&eval=${evaluation.id}`);
  const told = new Set<string>();
  evaluation.subscribe((about) => {
    for (const lane of about.lanes)
      if (!told.has(lane.key) && lane.verdict !== 'waiting' && lane.verdict !== 'running') {
        told.add(lane.key);
        say(`${VERDICT_MARK[lane.verdict]} ${lane.key}`);
      }
    if (about.finished) finished(evaluation, say);
  });
  return {
    exitCode: () => (evaluation.report === undefined ? EXIT.interrupted : evalExitCode(evaluation.report)),
  };
}

const VERDICT_MARK = { passed: '✓', failed: '✗', 'not-understood': '· not understood by the offline model:' };

function finished(evaluation: WebEval, say: (line: string) => void): void {
  if (evaluation.report === undefined) {
    say(`kitchen eval: ${evaluation.problem ?? 'the eval stopped before its report'}`);
    return;
  }
  say(evalMarkdownTable(evaluation.report).trimEnd());
  say('The page keeps the lanes and verdicts; Ctrl-C stops the UI and the servers.');
}
