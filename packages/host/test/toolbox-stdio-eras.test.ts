// Which revision a stdio server is spoken to in: 2025-11-25 unless its protocol setting asks for
// 2026-07-28, and either way the server is started once. (The SDK's own probe of a stdio server
// runs on a second copy of it, which is why the toolbox does not probe under "auto".)

import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { createRecordingContext } from '../src/testing/recording-context.js';
import { type ProtocolEra, Toolbox } from '../src/toolbox.js';
import type { ProtocolSetting } from '../src/wire/server-connection.js';

const fixture = fileURLToPath(new URL('./fixtures/revision-2026-stdio-server.ts', import.meta.url));

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function connect(protocol?: ProtocolSetting) {
  const starts = join(mkdtempSync(join(tmpdir(), 'kitchen-stdio-eras-')), 'starts');
  const toolbox = await Toolbox.connect(
    [
      {
        name: 'workshop',
        command: process.execPath,
        args: ['--import', 'tsx', fixture],
        env: { FIXTURE_STARTS: starts },
        ...(protocol === undefined ? {} : { protocol }),
      },
    ],
    { roots: [{ uri: 'file:///srv/workshop', name: 'workshop' }] },
  );
  cleanups.push(() => toolbox.close());
  const spawned = () => readFileSync(starts, 'utf8').trim().split('\n').length;
  return { toolbox, spawned };
}

describe('a stdio server on the v2 SDK', () => {
  it.each([
    [undefined, '2025-11-25'],
    ['2026-07-28', '2026-07-28'],
  ] as Array<[ProtocolSetting | undefined, ProtocolEra]>)(
    'with protocol %s is spoken to in %s, started once, and gets the host roots',
    async (protocol, era) => {
      const { toolbox, spawned } = await connect(protocol);

      expect(toolbox.unavailable).toEqual([]);
      expect(toolbox.era('workshop')).toBe(era);
      expect(await toolbox.call('where', {}, createRecordingContext().context)).toEqual({
        isError: false,
        content: 'Working in file:///srv/workshop.',
      });
      expect(spawned()).toBe(1);
    },
  );
});

describe('a stdio server required to speak 2026-07-28', () => {
  it('that cannot be started is unavailable, with the command to run alone', async () => {
    const toolbox = await Toolbox.connect([
      { name: 'missing', command: 'no-such-mcp-server-anywhere', protocol: '2026-07-28' },
    ]);
    cleanups.push(() => toolbox.close());

    const [failure] = toolbox.unavailable;
    expect(failure?.server).toBe('missing');
    expect(failure?.error.message).toContain('Run the command alone to see why: no-such-mcp-server-anywhere');
  });
});
