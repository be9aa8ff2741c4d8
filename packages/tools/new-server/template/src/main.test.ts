// The __NAME__ process end to end: spawned as `node --import tsx src/main.ts --port 0`, called over real HTTP.

import { fileURLToPath } from 'node:url';
import { connectHttpClient, connectModernClient, startServerProcess } from '@kitchen/server-kit/testing';
import { describe, expect, it } from 'vitest';

const packageDir = fileURLToPath(new URL('..', import.meta.url));
// `node --import tsx`, one process: the tsx CLI would add a wrapper that a SIGKILL orphans the server behind.
const withTsx = ['--import', 'tsx'];

describe('__NAME__ main', { timeout: 45_000 }, () => {
  it('serves count_words over HTTP on 127.0.0.1 in both eras and exits 0 on SIGTERM', async () => {
    const server = await startServerProcess(process.execPath, [...withTsx, 'src/main.ts', '--port', '0'], {
      cwd: packageDir,
    });
    try {
      expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/mcp$/);
      const client = await connectHttpClient(server.url);
      const result = await client.callTool({ name: 'count_words', arguments: { text: 'over real HTTP' } });
      expect(result.structuredContent).toEqual({ words: 3, characters: 14, longestWord: 'over' });
      await client.close();
      // The same endpoint answers a client on revision 2026-07-28, with no session.
      const modern = await connectModernClient(server.url);
      expect(modern.getNegotiatedProtocolVersion()).toBe('2026-07-28');
      const again = await modern.callTool({ name: 'count_words', arguments: { text: 'one request each' } });
      expect(again.structuredContent).toEqual({ words: 3, characters: 16, longestWord: 'request' });
      await modern.close();
    } finally {
      expect(await server.stop(), `exit code; stderr: ${server.stderr()}`).toBe(0);
    }
  });
});
