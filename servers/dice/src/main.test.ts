// The dice process end to end: spawned as `node --import tsx src/main.ts --port 0`, called over real HTTP.

import { fileURLToPath } from 'node:url';
import { connectHttpClient, connectModernClient, startServerProcess } from '@kitchen/server-kit/testing';
import { describe, expect, it } from 'vitest';
import { rollDice } from './dice.js';

const packageDir = fileURLToPath(new URL('..', import.meta.url));
// `node --import tsx`, one process: the tsx CLI would add a wrapper that a SIGKILL orphans the server behind.
const withTsx = ['--import', 'tsx'];

describe('dice main', { timeout: 45_000 }, () => {
  it('serves roll_dice over HTTP on 127.0.0.1 in both eras and exits 0 on SIGTERM', async () => {
    const server = await startServerProcess(process.execPath, [...withTsx, 'src/main.ts', '--port', '0'], {
      cwd: packageDir,
    });
    try {
      expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/mcp$/);
      const client = await connectHttpClient(server.url);
      const result = await client.callTool({ name: 'roll_dice', arguments: { count: 3, sides: 8, seed: 5 } });
      expect(result.structuredContent).toEqual(rollDice({ count: 3, sides: 8, seed: 5 }));
      const pictured = await client.callTool({ name: 'roll_dice', arguments: { count: 2, seed: 5, picture: true } });
      expect(pictured.content).toEqual([
        { type: 'text', text: expect.any(String) },
        { type: 'image', mimeType: 'image/png', data: expect.stringMatching(/^iVBORw0KGgo/) },
      ]);
      await client.close();
      const modern = await connectModernClient(server.url);
      expect(modern.getNegotiatedProtocolVersion()).toBe('2026-07-28');
      const modernResult = await modern.callTool({ name: 'roll_dice', arguments: { count: 3, sides: 8, seed: 5 } });
      expect(modernResult.structuredContent).toEqual(rollDice({ count: 3, sides: 8, seed: 5 }));
      await modern.close();
    } finally {
      expect(await server.stop(), `exit code; stderr: ${server.stderr()}`).toBe(0);
    }
  });

  it('serves 2025-11-25 only under KITCHEN_ERAS=2025, as the kitchen launches it', async () => {
    const server = await startServerProcess(process.execPath, [...withTsx, 'src/main.ts', '--port', '0'], {
      cwd: packageDir,
      env: { ...process.env, KITCHEN_ERAS: '2025' },
    });
    try {
      await expect(connectModernClient(server.url)).rejects.toThrow();
      const client = await connectHttpClient(server.url);
      const result = await client.callTool({ name: 'roll_dice', arguments: { count: 1, seed: 5 } });
      expect(result.structuredContent).toEqual(rollDice({ count: 1, sides: 6, seed: 5 }));
      await client.close();
    } finally {
      expect(await server.stop(), `exit code; stderr: ${server.stderr()}`).toBe(0);
    }
  });
});
