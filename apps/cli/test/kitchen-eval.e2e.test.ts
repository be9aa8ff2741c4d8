// kitchen eval end to end, in this process: a real cookie-jars server, the offline model and a
// "local" model behind --base-url (a fake of the Messages API on 127.0.0.1, no key), a case that
// a correct run passes and one built to fail: the verdicts, the JUnit file, the exit code, the
// price and the traces.

import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { EvalReport } from '@kitchen/eval';
import {
  type FakeMessagesApi,
  type RecordedMessagesRequest,
  startFakeMessagesApi,
  textReply,
  toolUseReply,
} from '@kitchen/host/testing';
import { PROCESS_TEST_TIMEOUT_MS, serversConfig } from '@kitchen/probe-kit/cli-process';
import { afterEach, describe, expect, it } from 'vitest';
import { parseCliArguments } from '../src/cli/parse-cli-arguments.js';
import { runEvalCommand } from '../src/eval/run-eval-command.js';

const cookieJarsConfig = serversConfig('cookie-jars');

const JAR_THREE = {
  name: 'jar-three',
  task: 'check jar 3 and tell me if it was tampered with',
  repeat: 1,
  expect: {
    calls: [{ tool: 'cookie-jars.inspect_jar', args: { id: 3 }, match: 'partial' }],
    never: ['cookie-jars.discard_jar'],
    firstCall: 'cookie-jars.inspect_jar',
    noToolErrors: true,
    maxToolCalls: 5,
    maxTokens: 20000,
    finalText: { contains: ['3'], matches: 'tamper', notContains: ['error'] },
  },
};
const BUILT_TO_FAIL = {
  name: 'wrong-jar',
  task: 'check jar 3 and tell me if it was tampered with',
  expect: {
    calls: [{ tool: 'cookie-jars.inspect_jar', args: { id: 4 }, match: 'exact' }],
    finalText: { contains: ['banana'] },
  },
};

/** A local model that does the right thing: inspects jar 3, then says what the result said. */
function localModel(request: RecordedMessagesRequest) {
  const last = request.body.messages.at(-1)?.content;
  const result = typeof last === 'string' ? undefined : last?.find((block) => block.type === 'tool_result');
  if (result === undefined) return toolUseReply('inspect_jar', { id: 3 }, { id: 'toolu_jar_3' });
  const jar = JSON.parse(String(result.content)) as { id: number; seal: string };
  return textReply(`Jar ${jar.id}: seal ${jar.seal}, so it was ${jar.seal === 'intact' ? 'not ' : ''}tampered with.`);
}

let api: FakeMessagesApi | undefined;
afterEach(async () => {
  await api?.close();
  api = undefined;
});

async function kitchenEval(cases: unknown[], args: string[]) {
  const folder = mkdtempSync(join(tmpdir(), 'kitchen-eval-'));
  const file = join(folder, 'cases.json');
  writeFileSync(file, JSON.stringify({ cases }));
  const parsed = parseCliArguments([
    'eval',
    file,
    '--config',
    cookieJarsConfig,
    '--runs-dir',
    join(folder, 'runs'),
    ...args,
  ]);
  if (!parsed.ok || parsed.command.name !== 'eval') throw new Error(`bad test arguments: ${JSON.stringify(parsed)}`);
  let stdout = '';
  let stderr = '';
  const code = await runEvalCommand({
    ...parsed.command,
    output: {
      stdout: { write: (text: string) => (stdout += text) },
      stderr: { write: (text: string) => (stderr += text) },
      environment: { NO_COLOR: '1' },
    },
  });
  return { code, stdout, stderr, folder };
}

describe('kitchen eval', () => {
  it('runs each case on each model: a correct run passes, the case built to fail fails, exit 1 and the JUnit file say so', {
    timeout: PROCESS_TEST_TIMEOUT_MS,
  }, async () => {
    api = await startFakeMessagesApi({ script: localModel });
    const { code, stdout, folder } = await kitchenEval(
      [JAR_THREE, BUILT_TO_FAIL],
      ['--model', 'offline,qwen3:8b', '--base-url', api.url, '--json', '--junit', 'JUNIT'].map((word) =>
        word === 'JUNIT' ? join(tmpdir(), `kitchen-eval-${process.pid}.xml`) : word,
      ),
    );
    expect(code).toBe(1);
    const report = JSON.parse(stdout) as EvalReport;
    expect(report.cases.map((each) => [each.name, each.model, each.verdict])).toEqual([
      ['jar-three', 'offline', 'passed'],
      ['jar-three', 'qwen3:8b', 'passed'],
      ['wrong-jar', 'offline', 'failed'],
      ['wrong-jar', 'qwen3:8b', 'failed'],
    ]);
    const wrong = report.cases[3];
    expect(wrong?.failures.map((failure) => failure.expectation)).toEqual(['calls[0]', 'finalText.contains']);
    expect(wrong?.failures[0]?.actual).toEqual([{ tool: 'cookie-jars.inspect_jar', args: { id: 3 } }]);
    // The local model: no key sent, priced 0; the offline model is priced as always.
    const local = report.cases.filter((each) => each.model === 'qwen3:8b');
    expect(local.map((each) => each.costCents)).toEqual([0, 0]);
    expect(local[0]?.tokens).toBeGreaterThan(0);
    expect(report.cases[0]?.costCents).toBeGreaterThan(0);
    expect(api.requests.every((request) => request.body.model === 'qwen3:8b')).toBe(true);
    expect(api.requests[0]?.headers['x-api-key'] ?? api.requests[0]?.headers['authorization']).toMatch(/none$/);
    // Each run a normal traced run, named in the report.
    const traces = readdirSync(join(folder, 'runs')).filter((name) => name.endsWith('.jsonl'));
    expect(traces).toHaveLength(4);
    expect(
      report.cases
        .flatMap((each) => each.runIds)
        .map((id) => `${id}.jsonl`)
        .sort(),
    ).toEqual(traces.sort());
    const junit = readFileSync(join(tmpdir(), `kitchen-eval-${process.pid}.xml`), 'utf8');
    expect(junit).toMatch(/<testsuites name="kitchen eval" tests="4" failures="2" errors="0" skipped="0"/);
    expect(junit).toContain('<testcase classname="qwen3:8b" name="jar-three"');
    expect(junit).toMatch(/<testcase classname="offline" name="wrong-jar" time="[\d.]+">\n {6}<failure /);
  });

  it('selects the model at --base-url with no --model and no key, and the table says "local" for its cost; exit 0', {
    timeout: PROCESS_TEST_TIMEOUT_MS,
  }, async () => {
    api = await startFakeMessagesApi({ script: localModel });
    const { code, stdout, stderr } = await kitchenEval(
      [JAR_THREE],
      ['--base-url', `${api.url}/v1`, '--model-name', 'llama3'],
    );
    expect(code).toBe(0);
    expect(stdout).toMatch(/^\| case \| model \| verdict \| pass rate \| runs \| tokens \| cost \| time \|$/m);
    expect(stdout).toMatch(/^\| jar-three \| llama3 \| passed \| 100% \| 1 \| [\d,]+ \| local \| .+ \|$/m);
    expect(stdout).toMatch(/1 of 1 passed; 1 runs, [\d,]+ tokens, local, /);
    expect(stderr).toContain(`🧠 model: llama3 (local, ${api.url})`);
    expect(stderr).toContain('dropped the trailing /v1');
  });

  it('refuses a bad case file before anything starts, naming the field and the fix', async () => {
    const { code, stderr } = await kitchenEval(
      [{ ...JAR_THREE, expect: { calls: [{ tool: 'x', match: 'fuzzy' }] } }],
      [],
    );
    expect(code).toBe(2);
    expect(stderr).toMatch(
      /kitchen eval: .*cases\.json: cases\[0\]\.expect\.calls\[0\]\.match is not allowed: "fuzzy"; fix: use "exact"/,
    );
  });
});
