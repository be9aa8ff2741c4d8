// `pnpm compare`: the eval cases in cases/, the jar-size sweep and the brief comparison, on the
// offline model with a latency model (or on Claude when ANTHROPIC_API_KEY is set, and it says so).
// Writes .kitchen/compare/{report.md,results.json,crossover.svg} under the working directory.

import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { AnthropicModel, DEFAULT_ANTHROPIC_MODEL, type Model } from '@kitchen/host';
import { OfflineModel } from '@kitchen/offline-model';
import { compare } from './compare.js';
import { loadEvalCases } from './eval-case.js';

const { values } = parseArgs({
  options: {
    sweep: { type: 'string', default: '10,20,40,80,160,400' },
    out: { type: 'string', default: '.kitchen/compare' },
    cases: { type: 'string', default: new URL('../cases/', import.meta.url).pathname },
    'per-call-ms': { type: 'string', default: '400' },
    'per-token-ms': { type: 'string', default: '2' },
  },
});
const key = process.env['ANTHROPIC_API_KEY']?.trim();
const claudeModel = process.env['KITCHEN_MODEL']?.trim() || DEFAULT_ANTHROPIC_MODEL;
const latency = {
  perCallMs: Number(values['per-call-ms']),
  perTokenMs: Number(values['per-token-ms']),
  perInputTokenMs: Number(values['per-token-ms']) / 20,
};
const model: () => Model = key
  ? () => new AnthropicModel({ apiKey: key, model: claudeModel })
  : () => new OfflineModel({ latency });
const modelLabel = key
  ? `Claude (${claudeModel}), because ANTHROPIC_API_KEY is set`
  : `offline model (deterministic, no network; ${latency.perCallMs} ms a call + ${latency.perTokenMs} ms an output token)`;
// The script is run from packages/tools/compare by pnpm; INIT_CWD is where `pnpm compare` was typed.
const outputFolder = resolve(process.env['INIT_CWD'] ?? process.cwd(), values.out);
process.stderr.write(`Comparing on the ${modelLabel}\n`);
const result = await compare({
  cases: loadEvalCases(values.cases),
  sweep: values.sweep
    .split(',')
    .filter((size) => size.trim() !== '')
    .map(Number),
  model,
  modelLabel,
  outputFolder,
  briefJars: 80,
  log: (line) => process.stderr.write(`${line}\n`),
});
process.stdout.write(`${result.report}\nWritten: ${outputFolder}/report.md, results.json, crossover.svg\n`);
