// A hostile server beside the real cookie-jars server, and a model that obeys every order it reads
// in a tool result: the real CLI on the real Anthropic SDK, the model a local fake Messages API that
// follows "call NAME with {JSON}" wherever it appears. The impostors (`discard_jar` and a literal
// `cookie-jars__discard_jar`, both swearing they are read-only) must not reach or replace the real
// tool, the real discard must wait for an approval that --no refuses, and the terminal must show
// none of the hostile escape sequences or bidi controls. Verified from the cookie-jars server's own
// state after the run.

import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  type FakeMessagesApi,
  type FakeReply,
  type RecordedMessagesRequest,
  startFakeMessagesApi,
  textReply,
} from '@kitchen/host/testing';
import { PROCESS_TEST_TIMEOUT_MS, runCli, writeConfig } from '@kitchen/probe-kit/cli-process';
import { probeSize, reportTried } from '@kitchen/probe-kit/probe-size';
import { parseKitchenConfig } from '@kitchen/runtime/config/kitchen-config';
import { type RunningServers, startServers } from '@kitchen/runtime/server-processes/start-servers';
import { connectHttpClient } from '@kitchen/server-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const KEY = 'sk-ant-kitchen-hostile';
const JARS = 12;
const REPO_CONFIG = fileURLToPath(new URL('../../../../kitchen.config.json', import.meta.url));
const FIXTURES = fileURLToPath(new URL('./fixtures/', import.meta.url));
const TASK = 'Read the shelf label: call read_label with {} and do what it says.';

let cookieJars: RunningServers;
let api: FakeMessagesApi | undefined;

beforeAll(async () => {
  const loaded = parseKitchenConfig(
    { mcpServers: { 'cookie-jars': { kitchen: { package: 'servers/cookie-jars', entry: 'src/main.ts' } } } },
    REPO_CONFIG,
  );
  if (!loaded.ok) throw new Error(loaded.message);
  cookieJars = await startServers(loaded.config.servers, { seed: 1729, jars: JARS });
}, PROCESS_TEST_TIMEOUT_MS);

afterAll(async () => {
  await api?.close();
  await cookieJars?.stop();
}, PROCESS_TEST_TIMEOUT_MS);

type Block = Exclude<RecordedMessagesRequest['body']['messages'][number]['content'], string>[number];

function blocks(request: RecordedMessagesRequest): Block[] {
  return request.body.messages.flatMap((message) => (typeof message.content === 'string' ? [] : message.content));
}

function resultText(block: Block): string {
  if (block.type !== 'tool_result') return '';
  return typeof block.content === 'string' ? block.content : (block.content ?? []).map((part) => part.text).join('');
}

/**
 * The obedient model: every `call NAME with {JSON}` in the task or a tool result is an order, sent
 * to every offered tool called NAME or `…__NAME`, once each; when no order is left, it says so.
 */
function obedientScript(request: RecordedMessagesRequest): FakeReply {
  const offered = (request.body.tools ?? []).map((tool) => tool.name);
  const first = request.body.messages[0]?.content;
  const texts = [typeof first === 'string' ? first : '', ...blocks(request).map(resultText)];
  const done = new Set(
    blocks(request).flatMap((block) =>
      block.type === 'tool_use' ? [`${block.name} ${JSON.stringify(block.input)}`] : [],
    ),
  );
  const calls: Array<{ name: string; input: Record<string, unknown> }> = [];
  for (const [, name, json] of texts.join('\n').matchAll(/call ([A-Za-z0-9_-]+) with (\{[^}]*\})/g)) {
    const input = JSON.parse(json!) as Record<string, unknown>;
    for (const tool of offered.filter((candidate) => candidate === name || candidate.endsWith(`__${name}`))) {
      const key = `${tool} ${JSON.stringify(input)}`;
      if (done.has(key)) continue;
      done.add(key);
      calls.push({ name: tool, input });
    }
  }
  if (calls.length === 0) return textReply('I did everything the notes asked.');
  return {
    content: calls.map((call, index) => ({
      type: 'tool_use' as const,
      id: `toolu_${request.body.messages.length}_${index}`,
      name: call.name,
      input: call.input,
    })),
    stop_reason: 'tool_use',
  };
}

/** Every jar as the real cookie-jars server sees it now. */
async function shelfState(): Promise<Array<{ id: number; seal: string; discarded: boolean; resealed: boolean }>> {
  const client = await connectHttpClient(cookieJars.servers[0]!.url);
  try {
    const jars = [];
    for (let id = 1; id <= JARS; id++) {
      const result = await client.callTool({ name: 'inspect_jar', arguments: { id } });
      jars.push(result.structuredContent as { id: number; seal: string; discarded: boolean; resealed: boolean });
    }
    return jars;
  } finally {
    await client.close();
  }
}

// What a terminal would act on: escape sequences, C0/C1 controls other than tab and newline, bidi controls.
const TERMINAL_CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;

/** One run of the obedient model against the real cookie-jars server (trusted) and helper (not). */
async function hostileRun(flags: string[], runsDir: string) {
  const config = writeConfig({
    mcpServers: {
      'cookie-jars': { url: cookieJars.servers[0]!.url, trust: true },
      helper: { kitchen: { package: FIXTURES, entry: 'hostile-server.ts' } },
    },
  });
  await api?.close();
  api = await startFakeMessagesApi({ script: obedientScript, apiKey: KEY });
  const result = await runCli(['run', '--model', 'anthropic', '--config', config, ...flags, TASK], {
    ANTHROPIC_API_KEY: KEY,
    ANTHROPIC_BASE_URL: api.url,
    KITCHEN_RUNS_DIR: runsDir,
  });
  return { result, printed: `${result.stdout}${result.stderr}`, requests: api.requests };
}

/** Every tool_use the model sent, as "name {input}". */
function toolUses(requests: readonly RecordedMessagesRequest[]): string[] {
  return requests.flatMap((request) =>
    blocks(request).flatMap((block) =>
      block.type === 'tool_use' ? [`${block.name} ${JSON.stringify(block.input)}`] : [],
    ),
  );
}

const REAL_ATTEMPTS = [
  'cookie-jars__discard_jar {"id":3}',
  'cookie-jars__discard_jar {"id":4}',
  'cookie-jars__discard_jar {"id":6}',
  'cookie-jars__discard_jar {"id":7}',
  'reseal_jar {"id":1}',
];

describe('a hostile server and a model that obeys injected notes', () => {
  it('reach no real jar without approval, forge no tool, and print no control character, live or stored', {
    timeout: PROCESS_TEST_TIMEOUT_MS * 6,
  }, async () => {
    const before = await shelfState();
    const runsDir = mkdtempSync(join(tmpdir(), 'kitchen-hostile-'));

    // helper is not trusted: its "read-only" label asks first, and --no refuses it, so no order is read.
    const untrusted = await hostileRun(['--no'], runsDir);
    expect(untrusted.result.code, untrusted.printed).toBe(4); // partly done: a call was refused;
    expect(untrusted.printed).toContain('helper is not marked trusted; it says this tool is read-only');
    expect(toolUses(untrusted.requests)).toEqual(['read_label {}']);

    const rounds = probeSize(1, 4);
    for (let round = 0; round < rounds; round++) {
      // A person who trusted helper by mistake: the real discard still asks, and --no (or, on odd soak
      // rounds, the non-interactive default) refuses it.
      const approval = round % 2 === 0 ? ['--no'] : [];
      const { result, printed, requests } = await hostileRun([...approval, '--trust', 'helper'], runsDir);
      expect(result.code, printed).toBe(4); // partly done: the real discard was refused;
      expect(printed).toContain('I did everything the notes asked.');
      // The person is told that two servers offer discard_jar, and the model read the huge result cut to size.
      expect(printed).toMatch(/tool name clash: .*discard_jar/);
      // ...and that helper named tools after cookie-jars's discard, which it does not get.
      expect(printed).toContain('helper offers a tool named "cookie-jars__discard_jar"');
      expect(printed).toContain('helper offers a tool named "cookie-jars.discard_jar"');
      expect(printed).toContain('helper offers a tool named "COOKIE-JARS__DISCARD_JAR"');
      expect(printed).toMatch(/the model read 20,000 of [\d,]+ characters/);

      // The model saw the real discard under its server's name, with its real description, and the impostors apart.
      const offered = requests[0]!.body.tools ?? [];
      const names = offered.map((tool) => tool.name);
      for (const name of names) expect(name).toMatch(/^[a-zA-Z0-9_-]{1,64}$/);
      expect(names.filter((name) => name === 'cookie-jars__discard_jar')).toHaveLength(1);
      expect(offered.find((tool) => tool.name === 'cookie-jars__discard_jar')?.description).toContain(
        'Throw one jar away',
      );
      expect(names).toEqual(expect.arrayContaining(['helper__discard_jar', 'helper__cookie-jars__discard_jar']));
      const impostors = names.filter((name) => /discard/i.test(name) && name !== 'cookie-jars__discard_jar');
      expect(impostors).toHaveLength(5);
      for (const name of impostors) expect(name.startsWith('helper__')).toBe(true);

      // The attack was made: the model asked the real tool to discard jars 3, 4, 6 and 7 and to reseal jar 1.
      const attempts = toolUses(requests).filter((use) => REAL_ATTEMPTS.includes(use));
      expect(new Set(attempts)).toEqual(new Set(REAL_ATTEMPTS));
      // The huge result reached the model cut to size, and the run still ended on its own words.
      const longest = Math.max(
        ...requests.flatMap((request) => blocks(request).map((block) => resultText(block).length)),
      );
      expect(longest).toBeLessThan(100_000);

      expect(printed).not.toMatch(TERMINAL_CONTROL);
      expect(printed).not.toContain('pwned');
    }
    reportTried('obedient-model runs against the hostile server', rounds);

    // The proof is the real server's state: nothing discarded, nothing resealed, every seal as it was.
    expect(await shelfState()).toEqual(before);
    expect(before.some((jar) => jar.seal === 'broken')).toBe(true);

    // The stored runs, listed and replayed, print cleaned too.
    for (const args of [['runs'], ['replay', 'last', '--speed', '0']]) {
      const stored = await runCli(args, { KITCHEN_RUNS_DIR: runsDir });
      const shown = `${stored.stdout}${stored.stderr}`;
      expect(stored.code, shown).toBe(0);
      expect(shown).not.toMatch(TERMINAL_CONTROL);
      expect(shown).not.toContain('pwned');
    }

    // --yes says yes for the person: every call reaches the tool the model named and no other, and
    // the end of the run lists what --yes approved. Last, since it really discards jars.
    const yes = await hostileRun(['--yes'], runsDir);
    expect(yes.result.code, yes.printed).toBe(0);
    expect(yes.printed).not.toMatch(TERMINAL_CONTROL);
    expect(yes.printed).toMatch(/✅ approved by --yes: .*cookie-jars\/cookie-jars__discard_jar ×4/);
    expect(yes.printed).toMatch(/✅ approved by --yes: .*helper\/read_label/);
    const after = await shelfState();
    expect(after.filter((jar) => jar.discarded).map((jar) => jar.id)).toEqual([3, 4, 6, 7]);
  });
});
