// docs/write-your-own-server.md, run as written in a temporary copy of the working tree: its
// ```sh commands in order (the root scripts they name, run the way pnpm runs them), its ```ts
// blocks applied to the scaffolded server, and the key line of each command's output checked.

import { spawn } from 'node:child_process';
import { appendFileSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { runProcess } from '@kitchen/server-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyWorkingTree } from './copy-working-tree.js';

const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
const DOC = readFileSync(join(ROOT, 'docs', 'write-your-own-server.md'), 'utf8');
/** Installing and starting servers on a busy 2-core machine: generous, but bounded. */
const STEP_TIMEOUT_MS = 180_000;
const TSX = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;

/** The commands this test runs, in the doc's order; the doc must show exactly these. */
const COMMANDS = [
  'pnpm new-server tea-timer',
  'pnpm kitchen call tea-timer steep_time tea=green',
  'pnpm kitchen tools tea-timer',
  'pnpm kitchen run "How hot should the water be for my oolong?"',
  'pnpm kitchen web',
  'pnpm conformance tea-timer',
] as const;

/** The lines of every ```sh block, comments after `#` and blank lines left out. */
function fencedCommands(markdown: string, language: string): string[] {
  return fencedBlocks(markdown, language).flatMap((block) =>
    block
      .split('\n')
      .map((line) => line.replace(/\s+#.*$/, '').trim())
      .filter((line) => line !== ''),
  );
}

function fencedBlocks(markdown: string, language: string): string[] {
  return [...markdown.matchAll(new RegExp(`^\`\`\`${language}\\n([\\s\\S]*?)^\`\`\`$`, 'gm'))].map(
    (match) => match[1] ?? '',
  );
}

/**
 * `pnpm SCRIPT words…` as node argv: the root script's `tsx FILE` with the words after it. The
 * kitchen's script (`node scripts/kitchen.mjs`: a cached turbo build, then the compiled CLI) runs
 * here as the same CLI from source, so the test needs neither turbo nor a build.
 */
function argvOf(command: string): string[] {
  const words = [...command.matchAll(/"([^"]*)"|(\S+)/g)].map((match) => match[1] ?? match[2] ?? '');
  const [pnpm, script, ...rest] = words;
  expect(pnpm).toBe('pnpm');
  const scripts = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).scripts as Record<string, string>;
  const [runner, file] = (scripts[script ?? ''] ?? '').split(' ');
  if (runner === 'node' && file === 'scripts/kitchen.mjs') return ['--import', TSX, 'apps/cli/src/cli.ts', ...rest];
  expect(runner, `root script ${script}`).toBe('tsx');
  return ['--import', TSX, file ?? '', ...rest];
}

/** Without a key the kitchen runs the offline model, which is what the doc shows. */
function offlineEnvironment(): NodeJS.ProcessEnv {
  const environment: NodeJS.ProcessEnv = { ...process.env, NO_COLOR: '1' };
  delete environment['ANTHROPIC_API_KEY'];
  delete environment['ANTHROPIC_BASE_URL'];
  return environment;
}

let copy: string;
const runDoc = (index: number) =>
  runProcess(process.execPath, argvOf(COMMANDS[index] ?? ''), {
    cwd: copy,
    env: offlineEnvironment(),
    timeoutMs: STEP_TIMEOUT_MS,
  });
const output = (end: { stdout: string; stderr: string }) => `${end.stdout}\n${end.stderr}`;

beforeAll(() => {
  copy = mkdtempSync(join(tmpdir(), 'kitchen-own-server-doc-'));
  copyWorkingTree(ROOT, copy);
}, STEP_TIMEOUT_MS);

afterAll(async () => {
  if (copy !== undefined) await rm(copy, { recursive: true, force: true });
}, STEP_TIMEOUT_MS);

describe('docs/write-your-own-server.md', () => {
  it('shows exactly the commands this test runs, in order', () => {
    expect(fencedCommands(DOC, 'sh')).toEqual([...COMMANDS]);
    expect(fencedBlocks(DOC, 'ts')).toHaveLength(3);
  });

  describe('run as written, in a copy of the repository', { timeout: STEP_TIMEOUT_MS }, () => {
    it('1. scaffolds tea-timer', async () => {
      const scaffold = await runDoc(0);
      expect(scaffold.code, output(scaffold)).toBe(0);
      expect(scaffold.stdout).toContain('Created servers/tea-timer (@kitchen/server-tea-timer)');
    });

    it("2. takes the doc's steep_time tool as written", () => {
      const [domain, importLine, registration] = fencedBlocks(DOC, 'ts');
      const source = join(copy, 'servers', 'tea-timer', 'src');
      appendFileSync(join(source, 'tea-timer.ts'), `\n${domain}`);
      const buildServerFile = join(source, 'build-server.ts');
      const before = readFileSync(buildServerFile, 'utf8');
      const after = before
        .replace(/^import \{[^}]*\} from '\.\/tea-timer\.js';\n/m, importLine ?? '')
        .replace(/^ {2}return server;$/m, `${registration}\n  return server;`);
      expect(after).toContain('steepTime(tea)');
      expect(after).toContain("from './tea-timer.js'");
      writeFileSync(buildServerFile, after);
    });

    it('3. calls steep_time with kitchen call and lists it with kitchen tools', async () => {
      const call = await runDoc(1);
      expect(call.code, output(call)).toBe(0);
      expect(call.stdout).toContain('→ tea-timer.steep_time {"tea":"green"}');
      expect(call.stdout).toContain('← steep_time: {"tea":"green","minutes":2,"celsius":80}');
      const tools = await runDoc(2);
      expect(tools.code, output(tools)).toBe(0);
      expect(tools.stdout).toContain('tea-timer.steep_time(tea: green|black|white|oolong|herbal*) [read-only]');
      expect(tools.stdout).toContain('tea-timer.count_words(');
    });

    it('4. lets the offline model use it in kitchen run', async () => {
      const run = await runDoc(3);
      expect(run.code, output(run)).toBe(0);
      expect(run.stdout).toContain('offline model');
      expect(run.stdout).toContain('→ tea-timer.steep_time {"tea":"oolong"}');
      expect(run.stdout).toContain('← steep_time: {"tea":"oolong","minutes":3,"celsius":90}');
    });

    it('4. serves the web page, which offers steep_time, until Ctrl-C', async () => {
      const web = spawn(process.execPath, argvOf(COMMANDS[4]), {
        cwd: copy,
        env: offlineEnvironment(),
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      try {
        const [, url, token] = await waitForLine(
          web,
          /🌐 kitchen web UI on (http:\/\/127\.0\.0\.1:\d+\/)\?token=([\w-]+)/,
        );
        expect((await fetch(url ?? '')).status).toBe(200);
        const tools = await fetch(new URL('api/tools', url), { headers: { 'X-Kitchen-Token': token ?? '' } });
        expect(tools.status).toBe(200);
        expect(JSON.stringify(await tools.json())).toContain('steep_time');
      } finally {
        web.kill('SIGINT');
        await new Promise((resolve) => web.once('close', resolve));
      }
    });

    it('5. passes the generic conformance scenarios', async () => {
      const conformance = await runDoc(5);
      expect(conformance.code, output(conformance)).toBe(0);
      expect(conformance.stdout).toContain('6 of 6 scenario runs passed.');
    });
  });
});

/** The first match on stdout or stderr; rejects if the process exits first. */
function waitForLine(child: ReturnType<typeof spawn>, pattern: RegExp): Promise<RegExpExecArray> {
  let seen = '';
  return new Promise((resolve, reject) => {
    const look = (chunk: string) => {
      seen += chunk;
      const match = pattern.exec(seen);
      if (match) resolve(match);
    };
    child.stdout?.setEncoding('utf8').on('data', look);
    child.stderr?.setEncoding('utf8').on('data', look);
    child.once('exit', (code) => reject(new Error(`exited with ${code} before ${pattern}: ${seen}`)));
  });
}
