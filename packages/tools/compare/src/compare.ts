// The comparison: every case twice (spawn_agent withheld, offered), a jar-size sweep with its
// crossover chart, and the worker brief with and without its two closing sentences. Writes
// report.md, results.json and crossover.svg into the output folder and returns the report text.

import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Model } from '@kitchen/host';
import { crossover, crossoverSvg, type SweepPoint } from './crossover-chart.js';
import { type EvalCase, jarCase } from './eval-case.js';
import { caseTable } from './render-tables.js';
import { type CaseResult, runCase } from './run-case.js';

export interface CompareOptions {
  cases: EvalCase[];
  /** Jar counts for the sweep, e.g. [10, 20, 40, 80, 160, 400]. */
  sweep: number[];
  /** A fresh model per run. */
  model: () => Model;
  /** Says which model ran (the offline model, or Claude). */
  modelLabel: string;
  outputFolder: string;
  /** Jar count for the brief comparison (0 skips it). */
  briefJars?: number;
  log?: (line: string) => void;
}

export interface CompareResult {
  report: string;
  cases: Array<{ withheld: CaseResult; offered: CaseResult }>;
  sweep: Array<SweepPoint & { withheld: CaseResult; offered: CaseResult }>;
  crossover: { tokens?: number; wallMs?: number };
  chartPath: string;
}

export async function compare(options: CompareOptions): Promise<CompareResult> {
  const log = options.log ?? (() => {});
  const sections: string[] = [
    `# Delegation compared\n\nModel: ${options.modelLabel}. Each case runs twice with one flag different: spawn_agent withheld, then offered.\n`,
  ];
  const cases: CompareResult['cases'] = [];
  for (const evalCase of options.cases) {
    log(`case ${evalCase.name}…`);
    const withheld = await runCase(evalCase, { delegate: false }, options.model);
    const offered = await runCase(evalCase, { delegate: true }, options.model);
    cases.push({ withheld, offered });
    sections.push(
      caseTable(`${evalCase.name}${evalCase.note === undefined ? '' : ` — ${evalCase.note}`}`, withheld, offered),
    );
  }

  const sweep: CompareResult['sweep'] = [];
  for (const jars of options.sweep) {
    log(`sweep ${jars} jars…`);
    const evalCase = jarCase(jars);
    const withheld = await runCase(evalCase, { delegate: false }, options.model);
    const offered = await runCase(evalCase, { delegate: true }, options.model);
    sweep.push({ jars, withheld, offered });
  }
  const found = { tokens: crossover(sweep, 'tokens'), wallMs: crossover(sweep, 'wallMs') };
  mkdirSync(options.outputFolder, { recursive: true });
  const chartPath = join(options.outputFolder, 'crossover.svg');
  if (sweep.length > 0) {
    writeFileSync(chartPath, crossoverSvg(sweep, options.modelLabel));
    sections.push(
      [
        '## Size sweep',
        '',
        '| jars | tokens withheld | tokens offered | wall withheld | wall offered | workers |',
        '| --- | --- | --- | --- | --- | --- |',
        ...sweep.map(
          (point) =>
            `| ${point.jars} | ${point.withheld.tokens} | ${point.offered.tokens} | ${Math.round(point.withheld.wallMs)} ms | ${Math.round(point.offered.wallMs)} ms | ${point.offered.workers} |`,
        ),
        '',
        `Delegation pays in tokens ${found.tokens === undefined ? 'at no size swept' : `from ${found.tokens} jars`}, in wall time ${found.wallMs === undefined ? 'at no size swept' : `from ${found.wallMs} jars`}. Chart: ${chartPath}`,
        '',
      ].join('\n'),
    );
  }

  if ((options.briefJars ?? 0) > 0) {
    const evalCase = jarCase(options.briefJars ?? 0);
    log(`brief comparison on ${evalCase.name}…`);
    const full = await runCase(evalCase, { delegate: true }, options.model);
    const bare = await runCase(evalCase, { delegate: true, briefEnding: '' }, options.model);
    sections.push(
      caseTable(`worker brief on ${evalCase.name}: with and without its two closing sentences`, full, bare, [
        'with',
        'without',
      ]),
    );
    sections.push(
      `Worker reports handed back: ${full.reportChars} characters with the sentences, ${bare.reportChars} without.\n`,
    );
  }

  const report = sections.join('\n');
  writeFileSync(join(options.outputFolder, 'report.md'), report);
  writeFileSync(
    join(options.outputFolder, 'results.json'),
    `${JSON.stringify({ model: options.modelLabel, cases, sweep, crossover: found }, null, 2)}\n`,
  );
  return { report, cases, sweep, crossover: found, chartPath };
}
