// The deferred fetch parser, in a child process (the preload patches WebAssembly.compile for the
// whole process): undici loads without compiling it, the first fetch compiles it and still works,
// and any other WebAssembly module compiles at once.

import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const PRELOAD = fileURLToPath(new URL('./defer-fetch-parser.ts', import.meta.url));
const CHILD_TIMEOUT_MS = 60_000;

const CHILD_SCRIPT = `
import { createServer } from 'node:http';
import { deferFetchParser } from ${JSON.stringify(PRELOAD)};
const parser = deferFetchParser();
const seen = {};
// Touching the fetch classes loads undici, which asks for its parser at once (Node 20).
new Request('http://127.0.0.1/');
seen.waitingAfterLoad = parser.waiting();
// The smallest valid module: compiled now, not deferred.
const empty = await WebAssembly.compile(new Uint8Array([0, 97, 115, 109, 1, 0, 0, 0]));
seen.otherModuleCompiled = empty instanceof WebAssembly.Module;
const server = createServer((request, response) => response.end('hello from loopback'));
await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
const response = await fetch('http://127.0.0.1:' + server.address().port + '/');
seen.fetched = await response.text();
seen.waitingAfterFetch = parser.waiting();
server.close();
process.stdout.write(JSON.stringify(seen));
`;

function runChild(): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', CHILD_SCRIPT], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const bound = setTimeout(() => child.kill('SIGKILL'), CHILD_TIMEOUT_MS);
  return new Promise((resolve) =>
    child.once('close', (code) => {
      clearTimeout(bound);
      resolve({ code, stdout, stderr });
    }),
  );
}

describe('deferFetchParser', () => {
  it('keeps fetch’s parser uncompiled until the first connection, which then gets its answer', {
    timeout: CHILD_TIMEOUT_MS + 5_000,
  }, async () => {
    const { code, stdout, stderr } = await runChild();
    expect(stderr).toBe('');
    expect(code).toBe(0);
    expect(JSON.parse(stdout)).toEqual({
      waitingAfterLoad: 1,
      otherModuleCompiled: true,
      fetched: 'hello from loopback',
      waitingAfterFetch: 0,
    });
  });
});
