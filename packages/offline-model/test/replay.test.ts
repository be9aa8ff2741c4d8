// A run of the offline model recorded and replayed with the host's RecordingModel and ReplayModel,
// workers included, over the real cookie-jars server: the replay reaches the same report.

import { parseRecordedExchanges, RecordingModel, ReplayModel } from '@kitchen/host';
import { describe, expect, it } from 'vitest';
import { OfflineModel } from '../src/offline-model.js';
import { jarsFor, runKitchen } from './kitchen.js';

describe('the offline model recorded and replayed', () => {
  it('replays a recorded run, workers included, to the same report', async () => {
    const jars = jarsFor(17, 60);
    const recorder = new RecordingModel(new OfflineModel());
    const original = await runKitchen('check every jar', { jars, spawnAgent: true, model: recorder });
    const saved = recorder.exchanges.map((exchange) => JSON.stringify(exchange)).join('\n');

    const replay = new ReplayModel(parseRecordedExchanges(saved));
    expect(replay.label).toBe('replay of offline');
    const replayed = await runKitchen('check every jar', { jars, spawnAgent: true, model: replay });
    expect(replayed.finalText).toBe(original.finalText);
    expect(replayed.calls).toEqual(original.calls);
    expect(replay.remaining).toBe(0);
  });
});
