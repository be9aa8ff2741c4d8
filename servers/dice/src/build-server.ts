// Registers roll_dice on a fresh McpServer: chance, made reproducible by an optional seed, and
// on request a picture (image content) or the sound (audio content) of the dice beside the JSON.
// Built on the v2 server SDK, so it answers both eras (2025-11-25 and 2026-07-28). Server side;
// once per 2025 session or 2026 request.

import { randomInt } from 'node:crypto';
import { jsonToolResult, type ToolResult, wholeNumber } from '@kitchen/server-kit';
import { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { DICE_LIMITS, rollDice } from './dice.js';
import { drawDice } from './dice-picture.js';
import { rattleDice } from './dice-sound.js';
import { DICE_TRAY_HTML, DICE_TRAY_URI } from './dice-tray.js';

/** The MIME type of an MCP App's HTML (SEP-1865). */
const APP_MIME_TYPE = 'text/html;profile=mcp-app';

export interface DiceOptions {
  /** Where a seed comes from when the caller gives none (tests pass a fixed one). */
  pickSeed?: () => number;
}

const MAX_PICKED_SEED = 2 ** 32;

export function buildServer(options: DiceOptions = {}): McpServer {
  const pickSeed = options.pickSeed ?? (() => randomInt(MAX_PICKED_SEED));
  const server = new McpServer({ name: 'dice', version: '0.1.0' });
  const { count, sides } = DICE_LIMITS;

  const diceInput = z.object({
    count: wholeNumber('count', count).default(1).describe(`How many dice, ${count.min} to ${count.max} (default 1).`),
    sides: wholeNumber('sides', sides).default(6).describe(`Sides per die, ${sides.min} to ${sides.max} (default 6).`),
    seed: wholeNumber('seed').optional().describe('Any whole number; the same seed gives the same roll.'),
    picture: z.boolean().default(false).describe('Also return a PNG picture of the dice (default false).'),
    sound: z
      .boolean()
      .default(false)
      .describe('Also return a WAV of the dice landing, one click per die (default false).'),
  });
  const trayInput = diceInput.pick({ count: true, sides: true, seed: true });
  const diceOutput = z.object({
    count: z.number().int(),
    sides: z.number().int(),
    seed: z.number().int(),
    rolls: z.array(z.number().int()),
    total: z.number().int(),
  });

  server.registerTool(
    'roll_dice',
    {
      title: 'Roll dice',
      description: `Roll ${count.min} to ${count.max} dice with ${sides.min} to ${sides.max} sides each. The result names the seed used; pass the same seed to get the same roll again. With picture: true the result also carries a PNG of the dice; with sound: true, a WAV of them landing.`,
      inputSchema: diceInput,
      outputSchema: diceOutput,
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    (input): ToolResult => {
      const roll = rollDice({ count: input.count, sides: input.sides, seed: input.seed ?? pickSeed() });
      const result = jsonToolResult(roll);
      // Image and audio content sit beside the text: a host that cannot show or play them still has the JSON.
      const content = [...result.content];
      if (input.picture)
        content.push({ type: 'image', data: drawDice(roll).toString('base64'), mimeType: 'image/png' });
      if (input.sound)
        content.push({ type: 'audio', data: rattleDice(roll).toString('base64'), mimeType: 'audio/wav' });
      return { ...result, content };
    },
  );

  // The same roll, shown to the person on a dice tray: an MCP App the host renders (dice-tray.ts).
  // Its text result is roll_dice's, so a host without Apps loses nothing but the tray.
  server.registerTool(
    'show_dice_tray',
    {
      title: 'Show dice on a tray',
      description: `Roll ${count.min} to ${count.max} dice with ${sides.min} to ${sides.max} sides each and show them to the person on a dice tray they can roll again from. The result is the same as roll_dice's.`,
      inputSchema: trayInput,
      outputSchema: diceOutput,
      annotations: { readOnlyHint: true, openWorldHint: false },
      _meta: { ui: { resourceUri: DICE_TRAY_URI } },
    },
    (input): ToolResult =>
      jsonToolResult(rollDice({ count: input.count, sides: input.sides, seed: input.seed ?? pickSeed() })),
  );
  server.registerResource(
    'dice-tray',
    DICE_TRAY_URI,
    { title: 'Dice tray', description: "show_dice_tray's App: the roll on a tray", mimeType: APP_MIME_TYPE },
    (uri) => ({
      contents: [
        // An empty CSP: the tray loads nothing, so the host lets it reach no origin at all.
        {
          uri: uri.href,
          mimeType: APP_MIME_TYPE,
          text: DICE_TRAY_HTML,
          _meta: { ui: { csp: {}, prefersBorder: true } },
        },
      ],
    }),
  );

  return server;
}
