// The toolbox over stdio: servers the host spawns itself, side by side with one over HTTP, with
// the SDK's minimal environment and their stderr shown as log lines in their name.

import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ServerUnreachableError } from '../src/errors.js';
import type { LoopEventDraft, ServerLogEvent } from '../src/loop-event.js';
import { createRecordingContext } from '../src/testing/recording-context.js';
import { type HttpTestServer, serveOverHttp } from '../src/testing/serve-over-http.js';
import { buildTestServer } from '../src/testing/test-server.js';
import { Toolbox } from '../src/toolbox.js';

const fixture = fileURLToPath(new URL('./fixtures/stdio-test-server.ts', import.meta.url));
const hostDirectory = fileURLToPath(new URL('..', import.meta.url));
const stdioServer = (name: string, env: Record<string, string> = {}) => ({
  name,
  command: process.execPath,
  args: ['--import', 'tsx', fixture],
  cwd: hostDirectory,
  env: { FIXTURE_NAME: name, ...env },
});

describe('Toolbox over stdio', () => {
  let http: HttpTestServer;
  let toolbox: Toolbox;
  const events: LoopEventDraft[] = [];
  const secret = 'sk-ant-not-for-servers';

  beforeAll(async () => {
    process.env['ANTHROPIC_API_KEY'] = secret;
    http = await serveOverHttp(() => buildTestServer('pantry'));
    toolbox = await Toolbox.connect(
      [
        stdioServer('local-jars', { FIXTURE_VAR: 'given' }),
        { name: 'pantry', url: http.url },
        stdioServer('broken', { FIXTURE_FAIL: 'yes' }),
        { name: 'missing', command: 'no-such-mcp-server-anywhere' },
      ],
      { emit: (event) => events.push(event), connectTimeoutMs: 20_000 },
    );
  }, 30_000);

  afterAll(async () => {
    delete process.env['ANTHROPIC_API_KEY'];
    await toolbox?.close();
    await http?.close();
  });

  it('runs a stdio server and an HTTP server side by side in one toolbox', async () => {
    expect(toolbox.serverNames.sort()).toEqual(['local-jars', 'pantry']);
    const { context } = createRecordingContext();
    expect(await toolbox.call('local-jars__echo', { text: 'hi' }, context)).toEqual({
      isError: false,
      content: 'local-jars says hi',
    });
    expect(await toolbox.call('pantry__echo', { text: 'hi' }, context)).toEqual({
      isError: false,
      content: 'pantry says hi',
    });
  });

  it('gives a spawned server what its entry names and PATH, never the host secrets', async () => {
    const { context } = createRecordingContext();
    const ask = async (name: string) => (await toolbox.call('has_env', { name }, context)).content;
    expect(await ask('FIXTURE_VAR')).toBe('FIXTURE_VAR is set');
    expect(await ask('PATH')).toBe('PATH is set');
    expect(await ask('ANTHROPIC_API_KEY')).toBe('ANTHROPIC_API_KEY is unset');
  });

  it("shows the server's stderr as log lines in its name", () => {
    const logs = events.filter((event): event is Omit<ServerLogEvent, 'at'> => event.type === 'server-log');
    expect(logs).toContainEqual(
      expect.objectContaining({
        server: 'local-jars',
        level: 'stderr',
        text: 'stdio-test-server: ready on stdin/stdout',
      }),
    );
  });

  it('names a server that exits before the handshake, with its last words, and one that cannot be spawned', () => {
    const byName = new Map(toolbox.unavailable.map((server) => [server.server, server]));
    expect(byName.get('broken')?.error.message).toContain('refusing to start (FIXTURE_FAIL=yes)');
    expect(byName.get('broken')?.where).toMatch(/^stdio: /);
    expect(byName.get('missing')?.error).toBeInstanceOf(ServerUnreachableError);
    expect(byName.get('missing')?.error.message).toContain('no-such-mcp-server-anywhere');
  });
});
