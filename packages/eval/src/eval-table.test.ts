import { describe, expect, it } from 'vitest';
import { buildEvalReport } from './eval-report.js';
import { evalMarkdownTable } from './eval-table.js';
import { fakeRun } from './testing/fake-case-run.js';

describe('the markdown table', () => {
  const report = buildEvalReport(
    [
      { name: 'roll', model: 'claude', runs: [fakeRun(1, true), fakeRun(2, false)] },
      { name: 'fence', model: 'offline', runs: [fakeRun(1, false, { notUnderstood: 'I don\'t know how to do "x"' })] },
      { name: 'a|b', model: 'local', runs: [fakeRun(1, true, { costCents: 0 })] },
    ],
    { durationMs: 3000 },
  );

  it('has a row per case and model, then what failed, then the totals', () => {
    expect(evalMarkdownTable(report)).toBe(
      [
        '| case | model | verdict | pass rate | runs | tokens | cost | time |',
        '| --- | --- | --- | ---: | ---: | ---: | ---: | ---: |',
        '| roll | claude | FAILED | 50% | 2 | 2,000 | 4.0¢ | 1 s |',
        '| fence | offline | not understood by the offline model | 0% | 1 | 1,000 | 2.0¢ | 500 ms |',
        '| a\\|b | local | passed | 100% | 1 | 1,000 | 0.0¢ | 500 ms |',
        '',
        '- roll on claude, run 2: firstCall: expected the first call to be dice.roll; no tool was called',
        '- roll on claude: pass rate 50% is under 100%',
        '- fence on offline: not understood by the offline model: I don\'t know how to do "x"',
        '',
        '1 of 3 passed; 1 failed; 1 not understood by the offline model; 4 runs, 4,000 tokens, 6.0¢, 3 s.',
        '',
      ].join('\n'),
    );
  });

  it('words a cost the way the caller says, so a local model reads "local"', () => {
    const table = evalMarkdownTable(report, {
      cost: (each) => (each.model === 'local' ? 'local' : `${each.costCents}¢`),
      totalCost: () => '6¢ + local',
    });
    expect(table).toContain('| a\\|b | local | passed | 100% | 1 | 1,000 | local | 500 ms |');
    expect(table).toContain('4,000 tokens, 6¢ + local, 3 s.');
  });
});
