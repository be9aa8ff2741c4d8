// `kitchen eval FILE --web` as a real CLI process: the web UI starts with the eval, prints the
// page's address (?eval=ID), the eval's API gives each case's verdict, the terminal gets the table,
// and Ctrl-C ends with the eval's exit code (1: a case built to fail) and every server stopped.

import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
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

function caseFile(): string {
  const file = join(mkdtempSync(join(tmpdir(), 'kitchen-eval-web-')), 'cases.json');
  writeFileSync(
    file,
    JSON.stringify({
      cases: [
        {
          name: 'jar-two',
          task: 'check jar 2 and tell me if it was tampered with',
          expect: { calls: [{ tool: 'cookie-jars.inspect_jar', args: { id: 2 } }] },
        },
        {
          name: 'built-to-fail',
          task: 'check jar 2 and tell me if it was tampered with',
          expect: { firstCall: 'cookie-jars.list_jars' },
        },
      ],
    }),
  );
  return file;
}

describe('kitchen eval --web', () => {
  it('reads --web and --port for eval', () => {
    expect(parseCliArguments(['eval', 'cases.json', '--web', '--port', '4000'])).toMatchObject({
      ok: true,
      command: { name: 'eval', file: 'cases.json', flags: { evalInPage: true, port: 4000 } },
    });
  });

  it('serves the eval in the page, prints the verdicts, and exits with its code on Ctrl-C', {
    timeout: PROCESS_TEST_TIMEOUT_MS,
  }, async () => {
    const config = writeConfig({
      servers: [{ name: 'cookie-jars', package: `${REPO}servers/cookie-jars`, entry: 'src/main.ts', trust: true }],
    });
    const runsDir = mkdtempSync(join(tmpdir(), 'kitchen-eval-web-runs-'));
    const cli = startCli(['eval', caseFile(), '--web', '--config', config, '--jars', '5', '--model', 'offline'], {
      KITCHEN_RUNS_DIR: runsDir,
    });
    try {
      const [, url, token, evalId] = await cli.waitFor(
        /🧪 eval .*cases\.json: one lane per case and model on (http:\/\/127\.0\.0\.1:\d+\/)\?token=([A-Za-z0-9_-]+)&eval=([a-f0-9-]+)\n/,
      );
      await cli.waitFor(/\| built-to-fail \| offline \| FAILED \|/);
      const answer = await fetch(new URL(`api/evals/${evalId}`, url), { headers: { 'X-Kitchen-Token': token ?? '' } });
      const about = (await answer.json()) as {
        finished: boolean;
        lanes: Array<{
          key: string;
          verdict: string;
          failures: Array<{ expectation: string }>;
          runs: Array<{ runId?: string }>;
        }>;
        totals: { passed: number; failed: number };
      };
      expect(about.finished).toBe(true);
      expect(about.lanes.map((lane) => [lane.key, lane.verdict])).toEqual([
        ['jar-two · offline', 'passed'],
        ['built-to-fail · offline', 'failed'],
      ]);
      expect(about.lanes[1]?.failures.map((failure) => failure.expectation)).toEqual(['firstCall']);
      expect(about.totals).toMatchObject({ passed: 1, failed: 1 });
      // Each run is a normal run the page can open: live from the kitchen, and traced.
      const runId = about.lanes[0]?.runs[0]?.runId ?? '';
      const run = await fetch(new URL(`api/runs/${runId}`, url), { headers: { 'X-Kitchen-Token': token ?? '' } });
      expect(await run.json()).toMatchObject({ runId, finished: true });
      const trace = await fetch(new URL(`api/traces/${runId}`, url), { headers: { 'X-Kitchen-Token': token ?? '' } });
      expect(trace.status).toBe(200);
      expect(cli.output().stdout).toMatch(/✓ jar-two · offline\n/);
      expect(cli.output().stdout).toMatch(/✗ built-to-fail · offline\n/);

      const pids = [...serverPids(cli.output().stdout).values()];
      expect(pids).toHaveLength(1);
      cli.child.kill('SIGINT');
      const result = await cli.exited;
      expect(result.code).toBe(1);
      expect(await waitUntilGone(pids, PROCESS_TEST_TIMEOUT_MS)).toEqual([]);
    } finally {
      cli.child.kill('SIGKILL');
    }
  });

  it('refuses a case file it cannot use before serving anything, exit 2', {
    timeout: PROCESS_TEST_TIMEOUT_MS,
  }, async () => {
    const config = writeConfig({
      servers: [{ name: 'cookie-jars', package: `${REPO}servers/cookie-jars`, entry: 'src/main.ts', trust: true }],
    });
    const cli = startCli(['eval', join(tmpdir(), 'no-such-cases.json'), '--web', '--config', config, '--jars', '5']);
    cli.child.stdin.end();
    const result = await cli.exited;
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/kitchen eval: .*no-such-cases\.json: cannot read it/);
  });
});
