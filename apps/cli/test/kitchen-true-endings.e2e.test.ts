// How a run tells what happened after every ending, from outside: the real CLI with faults around
// it (a collector that is down or answers 500, ...). The exit code is the run's own.

import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type FakeScript, startFakeMessagesApi, textReply, toolUseReply } from '@kitchen/host/testing';
import {
  killServerForGood,
  PROCESS_TEST_TIMEOUT_MS,
  runCli,
  serverPids,
  serversConfig,
  startCli,
  waitUntilGone,
} from '@kitchen/probe-kit/cli-process';
import { EXIT } from '@kitchen/runtime/kitchen-output';
import { describe, expect, it } from 'vitest';

const JAR_3 = ['run', '--config', serversConfig('cookie-jars'), 'Is jar 3 intact?'];

/** A collector that answers every export with 500. */
async function brokenCollector(): Promise<{ url: string; close: () => Promise<void> }> {
  const server = createServer((request, response) => {
    request.resume();
    request.on('end', () => response.writeHead(500).end('collector is broken'));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

describe.concurrent('telemetry that fails', () => {
  it('with no collector listening, the run exits 0 and warns in one line', {
    timeout: PROCESS_TEST_TIMEOUT_MS,
  }, async () => {
    const result = await runCli(JAR_3, { OTEL_EXPORTER_OTLP_ENDPOINT: 'http://127.0.0.1:9' });
    expect(result.stderr).not.toContain('unexpected failure');
    expect(result.stderr.match(/OpenTelemetry/g)).toHaveLength(1);
    expect(result.stderr).toMatch(/⚠️ OpenTelemetry: .* could not be sent to http:\/\/127\.0\.0\.1:9\/v1\/traces/);
    expect(result.code).toBe(EXIT.ok);
  });

  it('with a collector answering 500, the run exits 0 and warns in one line', {
    timeout: PROCESS_TEST_TIMEOUT_MS,
  }, async () => {
    const collector = await brokenCollector();
    try {
      const result = await runCli(JAR_3, { OTEL_EXPORTER_OTLP_ENDPOINT: collector.url });
      expect(result.stderr).not.toContain('unexpected failure');
      expect(result.stderr.match(/OpenTelemetry/g)).toHaveLength(1);
      expect(result.code).toBe(EXIT.ok);
    } finally {
      await collector.close();
    }
  });
});

describe.concurrent('a run stopped by a signal', () => {
  for (const signal of ['SIGHUP', 'SIGTERM', 'SIGINT'] as const) {
    it(`${signal} ends it with an end record in the trace, its servers stopped`, {
      timeout: PROCESS_TEST_TIMEOUT_MS,
    }, async () => {
      const runsDir = mkdtempSync(join(tmpdir(), 'kitchen-signal-'));
      const cli = startCli(['demo', '--latency', '400', '--runs-dir', runsDir]);
      cli.child.stdin.end();
      await cli.waitFor(/hired #1/);
      const pids = [...serverPids(cli.output().stdout).values()];
      cli.child.kill(signal);
      const result = await cli.exited;
      expect(result.code).toBe(EXIT.interrupted);
      const [file] = readdirSync(runsDir);
      const lines = readFileSync(join(runsDir, file ?? ''), 'utf8')
        .trimEnd()
        .split('\n');
      const end = JSON.parse(lines.at(-1) ?? '{}') as { kind: string; outcome: string };
      expect(end).toMatchObject({ kind: 'end', outcome: 'aborted' });
      expect(readFileSync(join(runsDir, file ?? ''), 'utf8')).toContain(`interrupted by ${signal}`);
      expect(await waitUntilGone(pids, 10_000)).toEqual([]);
    });
  }
});

describe.concurrent('a job that was not done as asked', () => {
  it('exits 4 when its only asked-for action was refused at the gate (--no)', {
    timeout: PROCESS_TEST_TIMEOUT_MS,
  }, async () => {
    const result = await runCli(['run', '--config', serversConfig('cookie-jars'), '--no', 'discard jar 3']);
    expect(result.stdout).toMatch(/⚠️ partly done: 1 tool call was denied or failed \(exit 4\)/);
    expect(result.code).toBe(EXIT.notDone);
  });

  it('exits 0 when it was done as asked', { timeout: PROCESS_TEST_TIMEOUT_MS }, async () => {
    const result = await runCli(['run', '--config', serversConfig('cookie-jars'), '--yes', 'discard jar 3']);
    expect(result.stdout).not.toContain('partly done');
    expect(result.code).toBe(EXIT.ok);
  });
});

describe('a demo whose server was killed', () => {
  it('exits 1, failed, and its report says which jars were not established', {
    timeout: PROCESS_TEST_TIMEOUT_MS,
  }, async () => {
    // Killed once the workers are hired, before their first inspections (each model call takes 400 ms).
    const cli = startCli(['demo', '--latency', '400']);
    cli.child.stdin.end();
    await cli.waitFor(/hired #4/);
    // Killed, started again by the kitchen (once), killed again: down for the rest of the run.
    await killServerForGood(cli, 'cookie-jars');
    const result = await cli.exited;
    const report = result.stdout.slice(result.stdout.lastIndexOf('── report ──'));
    expect(report).toMatch(/^── report ──\nAudit of all 80 jars: \d+ tampered, \d+ clean, \d+ not established\./);
    // Each failed inspection says why: the call that failed on cookie-jars, or no inspect_jar once it was gone.
    expect(report, report).toMatch(/Not established \(the inspection failed\): \d+ jars: .+\(jars [\d, -]+\)/);
    expect(result.stdout).toMatch(/⚠️ failed: a server stopped unexpectedly during the run[^\n]*\(exit 1\)/);
    expect(result.code, report).toBe(EXIT.failed);
  });
});

describe.concurrent('the report after a stop keeps the findings', () => {
  it('max_tokens: jar 3, inspected before the cut, is in the report, in words', {
    timeout: PROCESS_TEST_TIMEOUT_MS,
  }, async () => {
    const KEY = 'sk-ant-kitchen-test';
    const script: FakeScript = [
      toolUseReply('inspect_jar', { id: 3 }),
      { ...textReply('Jar 3 has an intact seal, but its weight'), stop_reason: 'max_tokens' },
    ];
    const api = await startFakeMessagesApi({ script, apiKey: KEY });
    try {
      const args = ['run', '--model', 'anthropic', '--config', serversConfig('cookie-jars'), 'Is jar 3 intact?'];
      const result = await runCli(args, { ANTHROPIC_API_KEY: KEY, ANTHROPIC_BASE_URL: api.url });
      expect(result.stdout).toContain('── report (cut off: incomplete) ──\nJar 3 has an intact seal, but its weight');
      expect(result.stdout).toMatch(
        /What the tool results established \(1 of 1 calls\):\n- inspect_jar id 3: id 3, label /,
      );
      expect(result.stdout).toMatch(/- inspect_jar id 3: .*seal intact, expected grams \d+, measured grams \d+/);
      // The findings first; why the report is incomplete comes last.
      expect(result.stdout).toMatch(
        /- inspect_jar id 3: [^\n]*\nThe model's answer was cut off at its limit of \d+ output tokens, so this report is incomplete\.\n/,
      );
      expect(result.code).toBe(EXIT.partial);
    } finally {
      await api.close();
    }
  });

  it('budget: the report names the workers that were not reached and holds no raw JSON', {
    timeout: PROCESS_TEST_TIMEOUT_MS,
  }, async () => {
    const result = await runCli(['demo', '--max-tree-tokens', '20000']);
    const report = result.stdout.slice(result.stdout.lastIndexOf('── report'));
    expect(report).toMatch(/Not done or not reached \(\d+ calls?\):\n- spawn_agent jars-\d+-\d+ \(Inspect cookie jars/);
    expect(report).toContain('jars-61-80');
    expect(report).not.toMatch(/\{"id":/);
    // The findings, then what was not reached, then why it stopped: the report never opens with the stop.
    expect(report).toMatch(/^── report ──\n(?!I ran out)/);
    expect(report).toMatch(
      /What the tool results established[\s\S]*Not done or not reached[\s\S]*jars-61-80[^\n]*\nI ran out of token budget before I could finish\.\n/,
    );
    expect(result.code).toBe(EXIT.partial);
  });
});

describe.concurrent('worker tool names', () => {
  it('a typo in --worker-tools is a usage error naming the close match', {
    timeout: PROCESS_TEST_TIMEOUT_MS,
  }, async () => {
    const result = await runCli(['demo', '--worker-tools', 'inspect_jr']);
    expect(result.stderr).toContain('--worker-tools names no tool "inspect_jr" (did you mean inspect_jar?)');
    expect(result.code).toBe(EXIT.usage);
  });
});
