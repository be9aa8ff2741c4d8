// A recorded run rerun with its recorded model responses: the same servers give the same run; a
// server that now answers differently is reported as a divergence. Over the real cookie-jars server
// in memory, workers included.

import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connectInMemory } from '@kitchen/host/testing';
import { OfflineModel } from '@kitchen/offline-model';
import { KitchenHost } from '@kitchen/runtime/kitchen-host';
import { demoTask } from '@kitchen/runtime/kitchen-task';
import { parseRunTrace, type RunTrace } from '@kitchen/runtime/runs/run-trace';
import { buildServer } from '@kitchen/server-cookie-jars';
import { describe, expect, it } from 'vitest';
import { renderDivergences, rerunRun } from './rerun-run.js';

const JARS = 40;

function connect(seed: number): Promise<KitchenHost> {
  return KitchenHost.connect({
    clientName: 'rerun-test',
    openToolbox: (options) => connectInMemory({ 'cookie-jars': buildServer({ seed, jars: JARS }) }, options),
    spawnLimits: { maxDepth: 1, maxLiveWorkers: 4 },
  });
}

async function record(): Promise<RunTrace> {
  const folder = mkdtempSync(join(tmpdir(), 'kitchen-rerun-'));
  const host = await connect(1729);
  let path = '';
  try {
    for await (const _event of host.run({
      task: demoTask(JARS),
      model: new OfflineModel(),
      record: { folder, onOpen: (opened) => (path = opened) },
    }));
  } finally {
    await host.close();
  }
  return parseRunTrace(readFileSync(path, 'utf8'));
}

describe('rerun', () => {
  it('matches its recording when the servers answer as they did', async () => {
    const trace = await record();
    const host = await connect(1729);
    try {
      const result = await rerunRun(trace, host);
      expect(result.done?.stopReason).toBe('end_turn');
      expect(result.divergences).toEqual([]);
      expect(result.unusedResponses).toBe(0);
      expect(result.done?.finalText).toBe(trace.events.find((event) => event.type === 'done')?.finalText);
      expect(renderDivergences(result)).toContain('matches its recording');
    } finally {
      await host.close();
    }
  });

  it('reports a server that now answers differently as a divergence with a diff', async () => {
    const trace = await record();
    // Another seed: the same jars, with other weights, seals and notes.
    const host = await connect(7);
    try {
      const result = await rerunRun(trace, host);
      const changed = result.divergences.filter((divergence) => divergence.kind === 'tool-result');
      expect(changed.length).toBeGreaterThan(0);
      expect(changed[0]).toMatchObject({ server: 'cookie-jars' });
      const report = renderDivergences(result);
      expect(report).toContain('diverges from its recording');
      expect(report).toMatch(/cookie-jars\/\w+ \(agent \w+, [^)]+\) answered differently:\n {4}- /);
    } finally {
      await host.close();
    }
  });
});
