// `kitchen web` as a command: its flags, and the real CLI process serving the page until Ctrl-C,
// with the example servers stopped on the way out.

import { fileURLToPath } from 'node:url';
import {
  PROCESS_TEST_TIMEOUT_MS,
  serverPids,
  startCli,
  waitUntilGone,
  writeConfig,
} from '@kitchen/probe-kit/cli-process';
import { describe, expect, it } from 'vitest';
import { parseCliArguments } from '../src/cli/parse-cli-arguments.js';

const REPO = fileURLToPath(new URL('../../../', import.meta.url));

describe('kitchen web flags', () => {
  it('reads --port, 0 (any free port) when it is not given', () => {
    expect(parseCliArguments(['web', '--port', '4000', '--jars', '12'])).toMatchObject({
      ok: true,
      command: { name: 'web', port: 4000, flags: { jars: 12 } },
    });
    expect(parseCliArguments(['web'])).toMatchObject({ ok: true, command: { name: 'web', port: 0 } });
  });

  it('names the fix for a bad port, a task on the command line, or --port elsewhere', () => {
    expect(parseCliArguments(['web', '--port', '70000'])).toEqual({
      ok: false,
      message:
        'kitchen: --port "70000" is not allowed; use a whole number from 0 to 65535 (0 picks a free port), e.g. --port 4000',
    });
    expect(parseCliArguments(['web', 'Roll', 'dice'])).toMatchObject({
      ok: false,
      message: expect.stringContaining('the task is typed in the page'),
    });
    expect(parseCliArguments(['demo', '--port', '4000'])).toMatchObject({
      ok: false,
      message: expect.stringContaining('--port does not apply to demo; it is for kitchen eval, kitchen web'),
    });
  });
});

describe('kitchen web', () => {
  it('prints the address, serves the page, and stops with every server on Ctrl-C', {
    timeout: PROCESS_TEST_TIMEOUT_MS,
  }, async () => {
    const config = writeConfig({
      servers: [{ name: 'cookie-jars', package: `${REPO}servers/cookie-jars`, entry: 'src/main.ts' }],
    });
    const cli = startCli(['web', '--config', config, '--jars', '5']);
    try {
      const [, url, token] = await cli.waitFor(
        /🌐 kitchen web UI on (http:\/\/127\.0\.0\.1:\d+\/)\?token=([A-Za-z0-9_-]+)\n/,
      );
      expect((await fetch(new URL('api/kitchen', url))).status).toBe(401);
      const kitchen = (await (
        await fetch(new URL('api/kitchen', url), { headers: { 'X-Kitchen-Token': token ?? '' } })
      ).json()) as Record<string, unknown>;
      expect(kitchen).toMatchObject({
        demoTask: 'Inspect all 5 cookie jars and report which ones were tampered with, and why',
        jars: 5,
      });
      expect((await fetch(url!)).status).toBe(200);

      const pids = [...serverPids(cli.output().stdout).values()];
      expect(pids).toHaveLength(1);
      cli.child.kill('SIGINT');
      const result = await cli.exited;
      expect(result.code).toBe(0);
      expect(await waitUntilGone(pids, PROCESS_TEST_TIMEOUT_MS)).toEqual([]);
    } finally {
      cli.child.kill('SIGKILL');
    }
  });
});
