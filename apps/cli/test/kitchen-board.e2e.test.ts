// The live lane board and the plain log, end to end: the real CLI in a real pseudo-terminal
// (util-linux `script`, sized with stty) and through a pipe. What the terminal finally shows is
// read back through a small screen that follows the escape sequences (virtual-screen.ts).
// Nothing here times anything: each run ends by itself and the checks are on what was shown.

import { spawn } from 'node:child_process';
import {
  CLI_DIRECTORY,
  CLI_ENTRY,
  cliEnvironment,
  PROCESS_TEST_TIMEOUT_MS,
  reportedJarIds,
  runCli,
  serversConfig,
  tamperedJarIds,
} from '@kitchen/probe-kit/cli-process';
import { afterAll, describe, expect, it } from 'vitest';
import { displayWidth } from '../src/terminal/display-width.js';
import { VirtualScreen } from './virtual-screen.js';

const config = serversConfig('cookie-jars');
// 40 jars: the offline model hires two workers of 20 jars each.
const DEMO = ['demo', '--jars', '40', '--config', config];
const children: Array<ReturnType<typeof spawn>> = [];
afterAll(() => {
  for (const child of children.splice(0)) child.kill('SIGKILL');
});

interface TerminalRun {
  /** Everything the terminal was sent, escape sequences included. */
  raw: string;
  code: number | null;
  /** The screen at the end. */
  screen: VirtualScreen;
}

/** Runs the CLI in a pseudo-terminal of `columns` × `rows`; `answer` may type in reply to what was shown. */
function runInTerminal(
  args: string[],
  options: {
    columns: number;
    rows?: number;
    environment?: NodeJS.ProcessEnv;
    answer?: (raw: string) => string | undefined;
  },
): Promise<TerminalRun> {
  const rows = options.rows ?? 40;
  const command = [process.execPath, ...CLI_ENTRY, ...args].map((part) => `'${part.replace(/'/g, "'\\''")}'`).join(' ');
  const child = spawn('script', ['-qfec', `stty cols ${options.columns} rows ${rows}; exec ${command}`, '/dev/null'], {
    cwd: CLI_DIRECTORY,
    env: cliEnvironment(options.environment),
  });
  children.push(child);
  let raw = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
    raw += chunk;
    const typed = options.answer?.(raw);
    if (typed !== undefined) child.stdin.write(typed);
  });
  return new Promise((resolve) =>
    child.on('close', (code) => {
      const screen = new VirtualScreen(options.columns, rows);
      screen.write(raw);
      resolve({ raw, code, screen });
    }),
  );
}

/** The board's lines on a screen: its heading and the rows under it. */
function boardOn(lines: readonly string[]): string[] {
  const heading = lines.findLastIndex((line) => /^── \d+ lanes?/.test(line));
  if (heading < 0) return [];
  const end = lines.findIndex((line, index) => index > heading && !/^[⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏✓!?✗] /.test(line));
  return lines.slice(heading, end < 0 ? undefined : end);
}

const SGR = /\u001b\[[\d;]*m/;
const CURSOR_UP = /\u001b\[\d+A/;

describe.concurrent('the live board in a terminal', () => {
  it('asks a question while workers run, clears the board for it, and draws the lanes again after, to their end', {
    timeout: PROCESS_TEST_TIMEOUT_MS,
  }, async () => {
    let answeredAt = -1;
    const run = await runInTerminal([...DEMO, '--rule', 'ask:cookie-jars/inspect_jar'], {
      columns: 100,
      answer(raw) {
        if (answeredAt >= 0 || !raw.includes('Allow?')) return undefined;
        answeredAt = raw.length;
        return 'a\r';
      },
    });
    expect(run.code).toBe(0);
    const lines = run.screen.shown();
    // The question, whole, on screen: the board never drew over it.
    const asked = lines.findIndex((line) => /^✋ approval needed in lane #\d jars-/.test(line));
    expect(asked).toBeGreaterThan(0);
    expect(lines.slice(asked + 1, asked + 5)).toEqual([
      '   server:    cookie-jars',
      '   tool:      inspect_jar',
      expect.stringMatching(/^ {3}arguments: \{"id":\d+\}$/),
      expect.stringMatching(/^ {3}why: {7}The rule ask:cookie-jars\/inspect_jar from --rule asks/),
    ]);
    expect(lines).toContain('Allow? [y]es / [n]o / [a]lways for this tool: a');
    // After the answer the board came back with the workers still at work.
    const afterAnswer = run.raw.slice(answeredAt);
    expect(afterAnswer).toMatch(/#1 jars-1-20 +(thinking|running tools|waiting)/);
    // It ends: the final board stays on screen above the summary, every lane done, counts final.
    const board = boardOn(lines);
    expect(board).toEqual([
      expect.stringMatching(/^── 3 lanes · 43 tool calls · [\d,]+ tokens · [\d.]+¢ · .* ──$/),
      expect.stringMatching(/^✓ main +done +iter 3 {2}3 calls {2}[\d,]+ tokens/),
      expect.stringMatching(/^✓ {3}#1 jars-1-20 +done +iter 2 {2}20 calls {2}[\d,]+ tokens/),
      expect.stringMatching(/^✓ {3}#2 jars-21-40 +done +iter 2 {2}20 calls {2}[\d,]+ tokens/),
    ]);
    const summary = lines.findIndex((line) => line.startsWith('📊 end_turn · 7 iterations · 43 tool calls'));
    expect(summary).toBe(lines.indexOf(board.at(-1) ?? '') + 1);
    // The story above it: hires, the answers, each worker's report, the merged report.
    expect(lines).toContain('👷 hired #1 "jars-1-20"');
    expect(lines).toContainEqual(expect.stringMatching(/^✅ #2 "jars-21-40" — 2 iters, [\d,]+ tokens, end_turn$/));
    expect(reportedJarIds(lines.join('\n'))).toEqual(tamperedJarIds(1729, 40));
    // Redrawn in place; NO_COLOR (set by cliEnvironment) leaves no colour, and the cursor is shown again.
    expect(run.raw).toMatch(CURSOR_UP);
    expect(run.raw).not.toMatch(SGR);
    expect(run.raw.lastIndexOf('\u001b[?25h')).toBeGreaterThan(run.raw.lastIndexOf('\u001b[?25l'));
  });

  it('cuts the board to a narrow terminal and colours it when NO_COLOR is not set', {
    timeout: PROCESS_TEST_TIMEOUT_MS,
  }, async () => {
    const run = await runInTerminal(DEMO, { columns: 50, rows: 20, environment: { NO_COLOR: '' } });
    expect(run.code).toBe(0);
    expect(run.raw).toMatch(SGR);
    const board = boardOn(run.screen.shown());
    expect(board).toHaveLength(4);
    for (const line of board) expect(displayWidth(line)).toBeLessThan(50);
    expect(board[2]).toMatch(/^✓ {3}#1 jars-1-20 +done .*…$/);
    // Every frame's rows fit too, not only the last.
    const frames = run.raw.replace(/\u001b\[[\d;?]*[a-zA-Z]/g, '').split(/\r?\n/);
    for (const line of frames.filter((text) => /^[⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏✓!?✗] /.test(text)))
      expect(displayWidth(line)).toBeLessThan(50);
  });

  it('gives a plain log with --plain, even in a terminal', { timeout: PROCESS_TEST_TIMEOUT_MS }, async () => {
    const run = await runInTerminal([...DEMO, '--plain'], { columns: 100 });
    expect(run.code).toBe(0);
    expect(run.raw).not.toMatch(CURSOR_UP);
    expect(run.screen.shown()).toContain('[#1 jars-1-20] → cookie-jars.inspect_jar ×20 (id 1–20)');
  });
});

describe.concurrent('the plain log through a pipe', () => {
  it("says the servers are starting, then folds each turn's calls and results into a line per tool", {
    timeout: PROCESS_TEST_TIMEOUT_MS,
  }, async () => {
    const result = await runCli(DEMO);
    expect(result.code).toBe(0);
    const lines = result.stdout.split('\n');
    expect(lines[0]).toBe('⏳ starting 1 server…');
    expect(lines[1]).toMatch(/^🍳 cookie-jars http:\/\/127\.0\.0\.1:\d+\/mcp \(pid \d+\) ready in \d+\.\d s$/);
    expect(lines).toContain('[#1 jars-1-20] → cookie-jars.inspect_jar ×20 (id 1–20)');
    expect(lines).toContain('[#1 jars-1-20] ← inspect_jar ×20 (id 1–20)');
    expect(lines).toContain('[#2 jars-21-40] → cookie-jars.inspect_jar ×20 (id 21–40)');
    expect(lines).toContain('[#2 jars-21-40] ← inspect_jar ×20 (id 21–40)');
    expect(lines.filter((line) => line.includes('inspect_jar'))).toHaveLength(4);
    expect(result.stdout).not.toContain('\u001b');
    expect(reportedJarIds(result.stdout)).toEqual(tamperedJarIds(1729, 40));
  });

  it('prints every call and result on its own line with --verbose', { timeout: PROCESS_TEST_TIMEOUT_MS }, async () => {
    const result = await runCli([...DEMO, '--verbose']);
    expect(result.code).toBe(0);
    const calls = result.stdout.match(/→ cookie-jars\.inspect_jar \{"id":\d+\}/g) ?? [];
    expect(calls).toHaveLength(40);
    expect(result.stdout.match(/← inspect_jar: \{"id":\d+/g)).toHaveLength(40);
  });
});
