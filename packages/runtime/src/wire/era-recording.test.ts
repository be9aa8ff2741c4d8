// recordEras over real HTTP on 127.0.0.1: a 2025-only server (the pastry chef, served by the
// server kit), a 2026-only one (the host's test fixture), each asked in the era it speaks and the
// one it does not.

import { startRevision2026Server } from '@kitchen/host/testing/revision-2026';
import { OfflineModel } from '@kitchen/offline-model';
import { serveMcp } from '@kitchen/server-kit';
import { buildServer as buildPastryChef } from '@kitchen/server-pastry-chef';
import { afterEach, describe, expect, it } from 'vitest';
import { ERAS, recordEras } from './era-recording.js';
import { wireSteps } from './wire-steps.js';

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const offline = () => new OfflineModel();

describe('recordEras', () => {
  it('records a pushed sampling request in 2025-11-25, priced, approved and charged, and ends the session', async () => {
    const chef = await serveMcp({
      name: 'pastry-chef',
      buildServer: () => buildPastryChef({ bakeMillisecondsPerMinute: 0 }),
      log: { level: 'error' },
      eras: ['2025-11-25'],
    });
    cleanups.push(() => chef.close());
    const asked: string[] = [];
    const [recording] = await recordEras({
      server: { name: 'pastry-chef', url: chef.url },
      tool: 'critique_recipe',
      input: { recipe: 'lemon tart' },
      eras: ['2025-11-25'],
      model: offline,
      samplingAction: 'ask',
      person: {
        approve: async (question) => {
          asked.push(question.reason);
          return { approved: true };
        },
      },
    });
    expect(recording?.outcome?.content).toContain('"verdict"');
    expect(asked).toEqual([expect.stringMatching(/^pastry-chef is asking to spend \d+\.\d+¢ on a model call/)]);
    const steps = wireSteps(recording?.records ?? []).map(({ step }) => step);
    expect(steps.indexOf('ask')).toBeGreaterThan(steps.indexOf('call'));
    expect(steps.indexOf('answer')).toBeGreaterThan(steps.indexOf('ask'));
    expect(steps.at(-1)).toBe('close');
    const charged = recording?.events.find((event) => event.type === 'sampling-response');
    expect(charged).toMatchObject({ outcome: 'answered', by: 'person', via: 'push' });
  });

  it('records an input_required round trip in 2026-07-28, with no session and nothing to close', async () => {
    const bakery = await startRevision2026Server();
    cleanups.push(() => bakery.close());
    const [recording] = await recordEras({
      server: { name: 'bakery', url: bakery.url },
      tool: 'taste',
      input: {},
      eras: ['2026-07-28'],
      model: offline,
      samplingAction: 'allow',
    });
    expect(recording?.outcome?.content).toMatch(/^The taster says: /);
    const steps = new Set(wireSteps(recording?.records ?? []).map(({ step }) => step));
    expect(steps.has('ask') && steps.has('answer') && steps.has('result')).toBe(true);
    expect(steps.has('close')).toBe(false);
    expect(recording?.events.find((event) => event.type === 'sampling-response')).toMatchObject({
      via: 'input_required',
      by: 'rule',
    });
  });

  it('says why a server could not be reached in an era it does not speak, and still runs the other', async () => {
    const bakery = await startRevision2026Server();
    cleanups.push(() => bakery.close());
    const recordings = await recordEras({
      server: { name: 'bakery', url: bakery.url },
      tool: 'taste',
      input: {},
      eras: ERAS,
      model: offline,
      samplingAction: 'allow',
    });
    expect(recordings.map((recording) => recording.era)).toEqual(['2025-11-25', '2026-07-28']);
    expect(recordings[0]?.outcome).toBeUndefined();
    expect(recordings[0]?.unavailable).toMatch(/bakery/);
    expect(recordings[1]?.outcome?.isError).toBe(false);
  });
});
