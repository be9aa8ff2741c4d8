// `kitchen eval FILE --web`: the eval runs behind the web UI (apps/web, started as a child process,
// never imported), which prints the page's address and the verdicts. The case file is read here
// first, so a bad one is refused before any server starts. App side.

import { EvalCaseFileError, readEvalCaseFile } from '@kitchen/eval';
import { EXIT, type KitchenOutput } from '@kitchen/runtime/kitchen-output';
import type { KitchenFlags } from '../command/kitchen-flags.js';
import { startWebApp } from '../start-web-app.js';

export interface EvalInPageOptions {
  file: string;
  models: string[];
  flags: KitchenFlags;
  output: KitchenOutput;
  signal: AbortSignal;
}

export async function runEvalInPage(options: EvalInPageOptions): Promise<number> {
  const { file, models, flags, output, signal } = options;
  try {
    readEvalCaseFile(file);
  } catch (error) {
    if (!(error instanceof EvalCaseFileError)) throw error;
    output.stderr.write(`kitchen eval: ${error.message}\n`);
    return EXIT.usage;
  }
  return startWebApp({ flags, port: flags.port ?? 0, evaluate: { file, models }, output, signal });
}
