// `kitchen check` through the real CLI: the sloppy fixture server (every planted problem found by
// tool and rule, exit 1), the example dice server (no error, exit 0), usage mistakes (exit 2), and
// the command of the GitHub Actions job in docs/check-your-server.md, run as the job runs it.

import { readFileSync } from 'node:fs';
import type { CheckReport } from '@kitchen/check';
import { PLANTED_PROBLEMS, PLANTED_RESULT_PROBLEMS, serveSloppyServer } from '@kitchen/check/testing';
import { PROCESS_TEST_TIMEOUT_MS, runCli, serversConfig } from '@kitchen/probe-kit/cli-process';
import { buildServer as buildDiceServer } from '@kitchen/server-dice';
import { type ServedMcp, serveMcp } from '@kitchen/server-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const DOC = readFileSync(new URL('../../../docs/check-your-server.md', import.meta.url), 'utf8');
/** The URL the doc's job starts its server at; the test puts its own server's URL in its place. */
const DOC_URL = 'http://127.0.0.1:3000/mcp';

/** The arguments of `kitchen check` in the doc's workflow: its last step's run line. */
function docCheckArguments(): string[] {
  const workflow = /```yaml\n([\s\S]*?)```/.exec(DOC)?.[1] ?? '';
  const line = workflow.split('\n').find((candidate) => candidate.includes(' kitchen check ')) ?? '';
  expect(line).toMatch(/^\s+run: npx -y pnpm@10\.34\.9 --dir \.kitchen kitchen check /);
  return (line.split(' kitchen check ')[1] ?? '').trim().split(/\s+/);
}

describe('kitchen check', () => {
  let sloppy: ServedMcp;
  let dice: ServedMcp;
  beforeAll(async () => {
    sloppy = await serveSloppyServer();
    dice = await serveMcp({ name: 'dice', buildServer: () => buildDiceServer(), log: { level: 'silent' } });
  });
  afterAll(async () => {
    await sloppy.close();
    await dice.close();
  });

  it('finds every planted problem of the sloppy server by tool and rule, and exits 1', {
    timeout: PROCESS_TEST_TIMEOUT_MS,
  }, async () => {
    const calls = PLANTED_RESULT_PROBLEMS.flatMap(({ tool }) => ['--call', tool]);
    const result = await runCli(['check', '--server', `sloppy=${sloppy.url}`, '--json', ...calls]);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(1);
    const report = JSON.parse(result.stdout) as CheckReport;
    const found = report.findings.map(
      (finding) => `${finding.rule} ${finding.tool ?? finding.prompt ?? finding.resource}`,
    );
    for (const planted of [...PLANTED_PROBLEMS, ...PLANTED_RESULT_PROBLEMS]) {
      const about = 'tool' in planted ? planted.tool : 'prompt' in planted ? planted.prompt : planted.resource;
      expect(found).toContain(`${planted.rule} ${about}`);
    }
    expect(report.toolListTokens.method).toBe('estimate');
    expect(report.results.map((call) => call.tool)).toEqual(PLANTED_RESULT_PROBLEMS.map(({ tool }) => tool));
  });

  it('prints a short report grouped by severity, errors first, with the fix of each', {
    timeout: PROCESS_TEST_TIMEOUT_MS,
  }, async () => {
    const result = await runCli(['check', sloppy.url]);
    expect(result.code).toBe(1);
    const { stdout } = result;
    expect(stdout).toMatch(
      /^kitchen check: 127-0-0-1-\d+ \(http:\/\/127\.0\.0\.1:\d+\/mcp\) — speaks 2025-11-25 and 2026-07-28$/m,
    );
    expect(stdout).toMatch(/^ {2}2025-11-25 tools\/list: FAILED The v1 client SDK/m);
    expect(stdout).toMatch(/^Tool list: [\d,]+ tokens per request \(estimated/m);
    const errors = stdout.search(/^\d+ errors$/m);
    const warnings = stdout.search(/^\d+ warnings$/m);
    const notes = stdout.search(/^\d+ notes?$/m);
    expect(errors).toBeGreaterThan(0);
    expect(warnings).toBeGreaterThan(errors);
    expect(notes).toBeGreaterThan(warnings);
    expect(stdout).toMatch(/^ {2}✗ files\.delete {2}portability\/name-characters\n {4}.+\n {4}fix: Use only letters/m);
    expect(stdout).toMatch(/errors: the check fails\.\n$/);
    // Nothing was called: no call was named.
    expect(stdout).not.toContain('the model receives');
  });

  it('finds no error on the example dice server started from the config, and exits 0', {
    timeout: PROCESS_TEST_TIMEOUT_MS,
  }, async () => {
    const result = await runCli([
      'check',
      'dice',
      '--config',
      serversConfig('dice'),
      '--call',
      'roll_dice={"seed": 4, "count": 2}',
    ]);
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/— speaks 2025-11-25 and 2026-07-28$/m);
    expect(result.stdout).toMatch(
      /^roll_dice \{"seed":4,"count":2\} → the model receives \d+ tokens \(estimated\):\n {2}│ \{"count":2,/m,
    );
    expect(result.stdout).toMatch(/No errors\.\n$/);
  });

  it('calls a named tool on a server that speaks only 2026-07-28', { timeout: PROCESS_TEST_TIMEOUT_MS }, async () => {
    const dice2026 = await serveMcp({
      name: 'dice',
      buildServer: () => buildDiceServer(),
      eras: ['2026-07-28'],
      log: { level: 'silent' },
    });
    try {
      const result = await runCli([
        'check',
        '--server',
        `dice-2026=${dice2026.url}`,
        '--json',
        '--call',
        'roll_dice={"seed": 4}',
      ]);
      expect(result.code).toBe(0);
      const report = JSON.parse(result.stdout) as CheckReport;
      expect(report.eras).toEqual(['2026-07-28']);
      expect(report.results).toMatchObject([{ tool: 'roll_dice', era: '2026-07-28', isError: false }]);
      expect(report.results[0]?.modelText).toContain('"seed":4');
    } finally {
      await dice2026.close();
    }
  });

  it('refuses usage mistakes with exit 2: no server, a bad --call, an unknown name', {
    timeout: PROCESS_TEST_TIMEOUT_MS,
  }, async () => {
    const [none, badCall, unknown] = await Promise.all([
      runCli(['check']),
      runCli(['check', dice.url, '--call', 'roll_dice={count: 3}']),
      runCli(['check', 'no-such-server-here', '--config', serversConfig('dice')]),
    ]);
    expect(none.code).toBe(2);
    expect(none.stderr).toContain('kitchen check: name a server');
    expect(badCall.code).toBe(2);
    expect(badCall.stderr).toMatch(/--call roll_dice=…: the arguments are not JSON/);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toMatch(
      /"no-such-server-here" is neither a server in the config \(dice\) nor a command on PATH/,
    );
  });

  it('runs the GitHub Actions job’s command from docs/check-your-server.md: dice passes, the sloppy server fails the build', {
    timeout: PROCESS_TEST_TIMEOUT_MS,
  }, async () => {
    const args = docCheckArguments();
    expect(args.join(' ')).toContain(DOC_URL);
    const withUrl = (url: string) => args.map((word) => word.replace(DOC_URL, url));
    const [passing, failing] = await Promise.all([
      runCli(['check', ...withUrl(dice.url)]),
      runCli(['check', ...withUrl(sloppy.url)]),
    ]);
    expect(passing.code).toBe(0);
    expect(failing.code).toBe(1);
  });
});
