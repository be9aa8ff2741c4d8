// The pantry process end to end: spawned as `node --import tsx src/main.ts --port 0`, called over real HTTP,
// with one pantry shared by every session of the process.

import { fileURLToPath } from 'node:url';
import { connectHttpClient, startServerProcess } from '@kitchen/server-kit/testing';
import { describe, expect, it } from 'vitest';

const packageDir = fileURLToPath(new URL('..', import.meta.url));
// `node --import tsx`, one process: the tsx CLI would add a wrapper that a SIGKILL orphans the server behind.
const withTsx = ['--import', 'tsx'];

describe('pantry main', { timeout: 45_000 }, () => {
  it('serves orders over HTTP from one pantry shared by all sessions, and exits 0 on SIGTERM', async () => {
    const server = await startServerProcess(process.execPath, [...withTsx, 'src/main.ts', '--port', '0'], {
      cwd: packageDir,
    });
    try {
      const [first, second] = await Promise.all([connectHttpClient(server.url), connectHttpClient(server.url)]);
      await first.callTool({ name: 'place_order', arguments: { item: 'sugar', quantity: 4 } });
      const result = await second.callTool({ name: 'place_order', arguments: { item: 'sugar', quantity: 1 } });
      expect(result.structuredContent).toMatchObject({ orderId: 'order-0002', totalCents: 249, stockLeft: 25 });
      await Promise.all([first.close(), second.close()]);
    } finally {
      expect(await server.stop(), `exit code; stderr: ${server.stderr()}`).toBe(0);
    }
  });
});
