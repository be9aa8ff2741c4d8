// The comparison on a small sweep: both sides per case, the tables, the chart file and the brief
// comparison. Offline model without latency: outcomes only, no timings asserted.

import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { OfflineModel } from '@kitchen/offline-model';
import { describe, expect, it } from 'vitest';
import { compare } from './compare.js';
import { crossover } from './crossover-chart.js';
import { jarCase, loadEvalCases } from './eval-case.js';

describe('compare', () => {
  it('runs each case withheld and offered, writes the tables and the crossover chart', {
    timeout: 120_000,
  }, async () => {
    const outputFolder = mkdtempSync(join(tmpdir(), 'kitchen-compare-'));
    const cases = loadEvalCases(new URL('../cases/', import.meta.url).pathname);
    expect(cases.map((evalCase) => evalCase.name)).toEqual(['audit-80', 'big-400', 'dice', 'pastry', 'small-5']);
    const result = await compare({
      cases: [jarCase(5), cases.find((evalCase) => evalCase.name === 'dice') ?? jarCase(1)],
      sweep: [10, 60],
      model: () => new OfflineModel(),
      modelLabel: 'offline model',
      outputFolder,
      briefJars: 40,
    });
    const [small] = result.cases;
    expect(small?.withheld).toMatchObject({ delegate: false, workers: 0, correct: true });
    expect(small?.offered.delegate).toBe(true);
    expect(result.report).toContain('### jars-5');
    expect(result.report).toContain(
      '| side | correct | score | iterations | tool calls | tokens | cost | wall time | workers |',
    );
    expect(result.report).toContain('worker brief on jars-40');
    expect(result.sweep.map((point) => point.jars)).toEqual([10, 60]);
    expect(result.sweep[1]?.offered.workers).toBeGreaterThan(0);
    expect(existsSync(result.chartPath)).toBe(true);
    expect(readFileSync(result.chartPath, 'utf8')).toMatch(/^<svg[\s\S]*spawn_agent offered[\s\S]*<\/svg>\n$/);
    expect(readFileSync(join(outputFolder, 'report.md'), 'utf8')).toBe(result.report);
  });

  it('finds the size from which delegation pays at every larger size', () => {
    const point = (jars: number, withheld: number, offered: number) => ({
      jars,
      withheld: { tokens: withheld, wallMs: withheld },
      offered: { tokens: offered, wallMs: offered },
    });
    expect(crossover([point(10, 5, 9), point(40, 20, 15), point(80, 50, 30)], 'tokens')).toBe(40);
    expect(crossover([point(10, 5, 9), point(40, 20, 25)], 'tokens')).toBeUndefined();
  });
});
