// A run recorded through the kitchen host is listed and replayed with the same events. Over the
// real cookie-jars server in memory, with the offline model and its workers.

import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { LoopEvent } from '@kitchen/host';
import { connectInMemory } from '@kitchen/host/testing';
import { OfflineModel } from '@kitchen/offline-model';
import { KitchenHost } from '@kitchen/runtime/kitchen-host';
import { demoTask } from '@kitchen/runtime/kitchen-task';
import { findRun, listRuns, renderRunList } from '@kitchen/runtime/runs/list-runs';
import { parseRunTrace, recordedExchanges } from '@kitchen/runtime/runs/run-trace';
import { buildServer } from '@kitchen/server-cookie-jars';
import { describe, expect, it } from 'vitest';
import { replayRun } from './replay-run.js';

async function recordAudit(folder: string, jars: number): Promise<{ events: LoopEvent[]; path: string }> {
  const host = await KitchenHost.connect({
    clientName: 'trace-test',
    openToolbox: (options) => connectInMemory({ 'cookie-jars': buildServer({ seed: 1729, jars }) }, options),
    spawnLimits: { maxDepth: 1, maxLiveWorkers: 4 },
  });
  const events: LoopEvent[] = [];
  let path = '';
  try {
    for await (const event of host.run({
      task: demoTask(jars),
      model: new OfflineModel(),
      // Server log lines outside a tool call arrive here; the trace keeps them too.
      emit: (event) => events.push(event),
      record: { folder, settings: { seed: 1729, jars }, onOpen: (opened) => (path = opened) },
    }))
      events.push(event);
  } finally {
    await host.close();
  }
  return { events, path };
}

describe('run traces', () => {
  it('writes every event, model call and MCP call, lists the run and replays the same events', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'kitchen-runs-'));
    const { events, path } = await recordAudit(folder, 60);
    const trace = parseRunTrace(readFileSync(path, 'utf8'));

    // Server log lines are written the moment they arrive, loop events as they are read: the same
    // events, with at most a log line and a loop event swapped.
    const sorted = (list: LoopEvent[]) => list.map((event) => JSON.stringify(event)).sort();
    expect(sorted(trace.events)).toEqual(sorted(events));
    const workers = events.filter((event) => event.type === 'agent-start' && event.agent !== 'main').length;
    expect(workers).toBeGreaterThan(0);
    const iterations = events.filter((event) => event.type === 'iteration-start').length;
    expect(trace.modelCalls).toHaveLength(iterations);
    expect(recordedExchanges(trace)).toHaveLength(iterations);
    const serverCalls = events.filter((event) => event.type === 'tool-result' && event.server !== 'local');
    expect(trace.mcpCalls.map((call) => call.callId)).toEqual(
      serverCalls.map((event) => (event.type === 'tool-result' ? event.callId : '')),
    );

    const done = events.at(-1);
    if (done?.type !== 'done') throw new Error('the run did not end with done');
    const [listed] = listRuns(folder);
    expect(listed).toMatchObject({
      id: trace.run.id,
      task: demoTask(60),
      model: 'offline',
      outcome: 'done',
      stopReason: 'end_turn',
      tokens: done.tokens,
      costCents: done.costCents,
      workers,
    });
    expect(findRun(folder, 'last')).toEqual({ ok: true, path });
    expect(findRun(folder, trace.run.id.slice(0, 10))).toEqual({ ok: true, path });
    expect(renderRunList(listRuns(folder), folder)).toContain('done');

    const replayed: LoopEvent[] = [];
    const pauses: number[] = [];
    const shown = await replayRun(trace, {
      speed: 4,
      write: (event) => replayed.push(event),
      say: () => {},
      color: false,
      sleep: async (milliseconds) => {
        pauses.push(milliseconds);
      },
    });
    expect(replayed).toEqual(trace.events);
    expect(shown).toEqual(trace.events);
    expect(pauses.every((pause) => pause >= 0)).toBe(true);
  });

  it('says where to look when no run matches', () => {
    const folder = mkdtempSync(join(tmpdir(), 'kitchen-runs-'));
    expect(findRun(folder, 'last')).toMatchObject({ ok: false });
    expect(renderRunList([], folder)).toContain('No recorded runs');
  });
});
