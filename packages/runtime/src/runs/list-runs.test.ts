import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { listRuns } from './list-runs.js';

const RUN = {
  kind: 'run',
  id: 'r1',
  startedAt: 1000,
  task: 'Check jar 3',
  model: { id: 'm', label: 'M' },
  delegate: true,
  settings: {},
};
const USAGE = (at: number, input: number, output: number, cents: number) => ({
  kind: 'event',
  event: {
    type: 'usage',
    agent: 'main',
    at,
    model: 'm',
    inputTokens: input,
    outputTokens: output,
    costCents: cents,
    treeTokens: 0,
  },
});

function folderWith(text: string): string {
  const folder = mkdtempSync(join(tmpdir(), 'kitchen-runs-'));
  writeFileSync(join(folder, 'r1.jsonl'), text);
  return folder;
}

describe('a trace without an end line', () => {
  it('is listed as unfinished with the tokens and cost its events record', () => {
    const lines = [RUN, USAGE(2000, 5000, 400, 1.5), USAGE(3000, 80, 6, 0.25)];
    const [run] = listRuns(folderWith(`${lines.map((line) => JSON.stringify(line)).join('\n')}\n`));
    expect(run).toMatchObject({
      outcome: 'unfinished',
      unfinished: true,
      tokens: 5486,
      costCents: 1.75,
      durationMs: 2000,
    });
  });

  it('keeps what it has when its last line is torn, and says which line was skipped', () => {
    const text = `${[RUN, USAGE(2000, 5000, 486, 1)].map((line) => JSON.stringify(line)).join('\n')}\n{"kind":"event","ev`;
    const [run] = listRuns(folderWith(text));
    expect(run).toMatchObject({ outcome: 'unfinished', tokens: 5486, tornLastLine: 3 });
  });
});

describe('the outcome word', () => {
  it('tells a partly done run from a done one, and names the limit that stopped a run', () => {
    const end = {
      kind: 'end',
      at: 5000,
      durationMs: 4000,
      tokens: 10,
      costCents: 0,
      iterations: 1,
      toolCalls: 1,
      workers: 0,
    };
    const listed = (extra: Record<string, unknown>) =>
      listRuns(folderWith(`${JSON.stringify(RUN)}\n${JSON.stringify({ ...end, ...extra })}\n`))[0]?.outcome;
    expect(listed({ outcome: 'end_turn' })).toBe('done');
    expect(listed({ outcome: 'end_turn', failedToolCalls: 1 })).toBe('partly done');
    expect(listed({ outcome: 'budget' })).toBe('stopped (budget)');
    expect(listed({ outcome: 'aborted' })).toBe('interrupted');
    expect(listed({ outcome: 'error' })).toBe('failed');
  });
});
