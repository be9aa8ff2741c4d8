import type { LoopEvent } from '@kitchen/host';
import { describe, expect, it } from 'vitest';
import { LONGEST_REPLAY_PAUSE_MS, replayEvents } from './replay-events.js';
import type { RunTrace } from './run-trace.js';

const STARTED = 1_000_000;

/** A trace whose events happened at these milliseconds after the start. */
function traceAt(...offsets: number[]): RunTrace {
  const events = offsets.map(
    (offset, index) =>
      ({ type: 'text', agent: 'main', text: `line ${index}`, at: STARTED + offset }) as unknown as LoopEvent,
  );
  return { run: { startedAt: STARTED }, events } as unknown as RunTrace;
}

async function replay(trace: RunTrace, speed: number, signal?: AbortSignal) {
  const log: Array<string | number> = [];
  const sleep = async (milliseconds: number) => void log.push(milliseconds);
  for await (const event of replayEvents(trace, { speed, sleep, ...(signal === undefined ? {} : { signal }) }))
    log.push((event as unknown as { text: string }).text);
  return log;
}

describe('replayEvents', () => {
  it('waits the recorded gaps divided by the speed, each before its event, never longer than the cap', async () => {
    const trace = traceAt(400, 400, 1200, 1200 + 10 * LONGEST_REPLAY_PAUSE_MS);
    expect(await replay(trace, 4)).toEqual([
      100,
      'line 0',
      'line 1',
      200,
      'line 2',
      LONGEST_REPLAY_PAUSE_MS / 4,
      'line 3',
    ]);
  });

  it('gives every event at once, in order, at speed 0', async () => {
    expect(await replay(traceAt(400, 900, 5000), 0)).toEqual(['line 0', 'line 1', 'line 2']);
  });

  it('stops when its signal aborts', async () => {
    const stop = new AbortController();
    const log: string[] = [];
    for await (const event of replayEvents(traceAt(1, 2, 3), { speed: 0, signal: stop.signal })) {
      log.push((event as unknown as { text: string }).text);
      stop.abort();
    }
    expect(log).toEqual(['line 0']);
  });
});
