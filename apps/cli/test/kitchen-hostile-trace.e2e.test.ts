// A trace is stored text anyone could have written: `kitchen runs`, `kitchen replay` and `kitchen
// rerun` print every field of it (the model's name, the task, server, tool and agent names, texts)
// with terminal escapes and control characters cleaned, never as they were stored.

import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PROCESS_TEST_TIMEOUT_MS, runCli, serversConfig } from '@kitchen/probe-kit/cli-process';
import { describe, expect, it } from 'vitest';

/** Clears the screen, retitles the window, rings the bell, moves the cursor, flips the text. */
const HOSTILE = '\u001b[2J\u001b]0;pwned\u0007\u001b[1A\u009b31m\r\u202e';
const TERMINAL_CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;
/** The stored fields a person sees printed: names, labels and texts, never ids or kinds. */
const PRINTED_FIELDS = new Set([
  'label',
  'task',
  'server',
  'tool',
  'name',
  'text',
  'content',
  'finalText',
  'detail',
  'stoppedBy',
  'message',
  'reason',
]);

/** Every printed string field of a trace line, at any depth, with the hostile sequence around it. */
function poisoned(value: unknown, key = ''): unknown {
  if (typeof value === 'string') return PRINTED_FIELDS.has(key) ? `${HOSTILE}${value}${HOSTILE}` : value;
  if (Array.isArray(value)) return value.map((item) => poisoned(item, key));
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(Object.entries(value).map(([name, item]) => [name, poisoned(item, name)]));
}

describe('a trace with terminal escapes in its stored text', () => {
  it('is listed, replayed and rerun with none of them reaching the terminal', {
    timeout: PROCESS_TEST_TIMEOUT_MS * 2,
  }, async () => {
    const runsDir = mkdtempSync(join(tmpdir(), 'kitchen-hostile-trace-'));
    const config = serversConfig('cookie-jars');
    const recorded = await runCli(['run', '--config', config, '--runs-dir', runsDir, 'Is jar 3 intact?']);
    expect(recorded.code, recorded.stderr).toBe(0);
    const [file] = readdirSync(runsDir);
    const path = join(runsDir, file ?? '');
    const lines = readFileSync(path, 'utf8').trimEnd().split('\n');
    const rewritten = lines.map((line) => {
      const parsed = poisoned(JSON.parse(line)) as Record<string, unknown>;
      // The model's id is printed when it is not the offline model's: a model someone else named.
      if (parsed['kind'] === 'run') parsed['model'] = { id: `claude${HOSTILE}`, label: `Claude${HOSTILE}` };
      return JSON.stringify(parsed);
    });
    writeFileSync(path, `${rewritten.join('\n')}\n`);
    expect(readFileSync(path, 'utf8')).toContain('\\u001b[2J');

    const commands: Array<[string[], RegExp]> = [
      [['runs'], /Is jar 3 intact\?/],
      [['replay', 'last', '--speed', '0'], /📊 end_turn · .* · model: Claude$/m],
      [['rerun', 'last', '--config', config], /🔁 rerun of \S+ with its \d+ recorded model answers \(Claude\)/],
    ];
    for (const [args, printed] of commands) {
      const stored = await runCli([...args, '--runs-dir', runsDir]);
      const shown = `${stored.stdout}${stored.stderr}`;
      // The stored text is printed, cleaned: the lines that held it, and no line with a control left in it.
      expect(shown, args.join(' ')).toMatch(printed);
      const raw = shown.split('\n').filter((line) => TERMINAL_CONTROL.test(line) || line.includes('pwned'));
      expect(
        raw.map((line) => JSON.stringify(line)),
        args.join(' '),
      ).toEqual([]);
      expect(shown, args.join(' ')).not.toMatch(TERMINAL_CONTROL);
      expect(shown, args.join(' ')).not.toContain('[2J');
      expect(shown, args.join(' ')).not.toContain('pwned');
    }
  });
});
