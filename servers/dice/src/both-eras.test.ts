// The dice in both eras on one endpoint: a v2 client pinned to revision 2026-07-28 and a 2025-11-25
// client roll the same seeded dice over real HTTP on 127.0.0.1. Server side.

import { type ServedMcp, serveMcp } from '@kitchen/server-kit';
import { connectHttpClient, connectModernClient } from '@kitchen/server-kit/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { buildServer } from './build-server.js';
import { rollDice } from './dice.js';
import { drawDice } from './dice-picture.js';

const opened: Array<{ close(): Promise<void> }> = [];
afterEach(async () => {
  for (const item of opened.reverse()) await item.close();
  opened.length = 0;
});

async function serveDice(): Promise<ServedMcp> {
  const served = await serveMcp({ name: 'dice', buildServer: () => buildServer(), log: { level: 'silent' } });
  opened.push(served);
  return served;
}

describe('dice in both eras', () => {
  it('rolls for a client on revision 2026-07-28, statelessly, picture included', async () => {
    const served = await serveDice();
    const client = await connectModernClient(served.url);
    opened.push(client);
    expect(client.getNegotiatedProtocolVersion()).toBe('2026-07-28');
    const result = await client.callTool({
      name: 'roll_dice',
      arguments: { count: 3, sides: 8, seed: 5, picture: true },
    });
    const expected = rollDice({ count: 3, sides: 8, seed: 5 });
    expect(result.structuredContent).toEqual(expected);
    expect(result.content).toEqual([
      { type: 'text', text: JSON.stringify(expected) },
      { type: 'image', mimeType: 'image/png', data: drawDice(expected).toString('base64') },
    ]);
    const listed = await client.listTools();
    expect(listed.tools.map((tool) => tool.name)).toEqual(['roll_dice', 'show_dice_tray']);
    expect(served.sessionCount()).toBe(0);
  });

  it('refuses bad input in 2026 the same way as in 2025', async () => {
    const served = await serveDice();
    const modern = await connectModernClient(served.url);
    const legacy = await connectHttpClient(served.url);
    opened.push(modern, legacy);
    const [newResult, oldResult] = await Promise.all([
      modern.callTool({ name: 'roll_dice', arguments: { count: 0 } }),
      legacy.callTool({ name: 'roll_dice', arguments: { count: 0 } }),
    ]);
    expect(newResult.isError).toBe(true);
    expect(oldResult.isError).toBe(true);
    expect(newResult.content).toEqual(oldResult.content);
    expect(JSON.stringify(newResult.content)).toContain('count must be a whole number from 1 to 100 (got 0)');
  });

  it('rolls the same seeded dice for a 2025-11-25 client in a session on the same endpoint', async () => {
    const served = await serveDice();
    const client = await connectHttpClient(served.url);
    opened.push(client);
    const result = await client.callTool({ name: 'roll_dice', arguments: { count: 3, sides: 8, seed: 5 } });
    expect(result.structuredContent).toEqual(rollDice({ count: 3, sides: 8, seed: 5 }));
    expect(served.sessionCount()).toBe(1);
  });
});
