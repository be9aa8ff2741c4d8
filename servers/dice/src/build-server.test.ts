// roll_dice through a real MCP client over an in-memory pair: defaults, seeds, and bad input
// as isError results that name the field and the allowed range. Server side.

import { callTool, createInMemoryClients, resultText as text } from '@kitchen/server-kit/testing';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterEach, describe, expect, it } from 'vitest';
import { buildServer, type DiceOptions } from './build-server.js';
import { rollDice } from './dice.js';
import { drawDice } from './dice-picture.js';
import { rattleDice } from './dice-sound.js';

const clients = createInMemoryClients();
afterEach(() => clients.closeAll());

async function roll(args: Record<string, unknown>, options: DiceOptions = {}): Promise<CallToolResult> {
  return callTool(await clients.connect(buildServer(options)), 'roll_dice', args);
}

describe('dice buildServer', () => {
  it('rolls one six-sided die by default, with a seed it picked and reports', async () => {
    const result = await roll({}, { pickSeed: () => 99 });
    expect(result.structuredContent).toEqual(rollDice({ count: 1, sides: 6, seed: 99 }));
    expect(JSON.parse(text(result))).toEqual(result.structuredContent);
  });

  it('gives the same roll for the same seed', async () => {
    const first = await roll({ count: 10, sides: 20, seed: 1729 });
    const second = await roll({ count: 10, sides: 20, seed: 1729 });
    expect(second.structuredContent).toEqual(first.structuredContent);
    expect(first.structuredContent).toMatchObject({ count: 10, sides: 20, seed: 1729 });
  });

  it('sends no picture unless asked', async () => {
    const result = await roll({ count: 3, seed: 5 });
    expect(result.content.map((block) => block.type)).toEqual(['text']);
  });

  it('adds a PNG of the dice as image content after the JSON text when asked for a picture', async () => {
    const result = await roll({ count: 12, sides: 6, seed: 5, picture: true });
    const expected = rollDice({ count: 12, sides: 6, seed: 5 });
    expect(result.structuredContent).toEqual(expected);
    expect(result.content).toEqual([
      { type: 'text', text: JSON.stringify(expected) },
      { type: 'image', mimeType: 'image/png', data: drawDice(expected).toString('base64') },
    ]);
  });

  it('adds a WAV of the dice landing as audio content when asked for the sound', async () => {
    const result = await roll({ count: 3, sides: 6, seed: 5, picture: true, sound: true });
    const expected = rollDice({ count: 3, sides: 6, seed: 5 });
    expect(result.content.map((block) => block.type)).toEqual(['text', 'image', 'audio']);
    expect(result.content[2]).toEqual({
      type: 'audio',
      mimeType: 'audio/wav',
      data: rattleDice(expected).toString('base64'),
    });
  });

  it('accepts the edges of the allowed ranges', async () => {
    expect((await roll({ count: 100, sides: 1000, seed: 1 })).isError).toBeFalsy();
    expect((await roll({ count: 1, sides: 2, seed: 1 })).isError).toBeFalsy();
  });

  it.each([
    [{ count: 0 }, 'count must be a whole number from 1 to 100 (got 0)'],
    [{ count: 101 }, 'count must be a whole number from 1 to 100 (got 101)'],
    [{ count: 2.5 }, 'count must be a whole number from 1 to 100 (got 2.5)'],
    [{ count: '3' }, 'count must be a whole number from 1 to 100 (got "3")'],
    [{ sides: 1 }, 'sides must be a whole number from 2 to 1000 (got 1)'],
    [{ sides: 1001 }, 'sides must be a whole number from 2 to 1000 (got 1001)'],
    [{ sides: 6.5 }, 'sides must be a whole number from 2 to 1000 (got 6.5)'],
    [{ seed: 1.25 }, 'seed must be a whole number (got 1.25)'],
    [{ picture: 'yes' }, 'picture'],
    [{ sound: 1 }, 'sound'],
  ])('refuses %j with an isError result that says what is allowed', async (args, message) => {
    const result = await roll(args);
    expect(result.isError).toBe(true);
    expect(text(result)).toContain(message);
  });
});
