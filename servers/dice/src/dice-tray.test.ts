// show_dice_tray and its App resource through a real MCP client over an in-memory pair: the
// tool names the tray in _meta.ui.resourceUri and the tray is served as an MCP App. Server side.

import { callTool, createInMemoryClients } from '@kitchen/server-kit/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { buildServer } from './build-server.js';
import { rollDice } from './dice.js';
import { DICE_TRAY_URI } from './dice-tray.js';

const clients = createInMemoryClients();
afterEach(() => clients.closeAll());

describe('the dice tray', () => {
  it('names its App in _meta.ui.resourceUri and rolls as roll_dice does', async () => {
    const client = await clients.connect(buildServer());
    const { tools } = await client.listTools();
    expect(tools.find((tool) => tool.name === 'show_dice_tray')?._meta).toEqual({ ui: { resourceUri: DICE_TRAY_URI } });
    const result = await callTool(client, 'show_dice_tray', { count: 2, sides: 8, seed: 3 });
    expect(result.structuredContent).toEqual(rollDice({ count: 2, sides: 8, seed: 3 }));
  });

  it('serves the tray as text/html;profile=mcp-app with an empty CSP', async () => {
    const client = await clients.connect(buildServer());
    const { contents } = await client.readResource({ uri: DICE_TRAY_URI });
    expect(contents).toHaveLength(1);
    expect(contents[0]).toMatchObject({
      uri: DICE_TRAY_URI,
      mimeType: 'text/html;profile=mcp-app',
      _meta: { ui: { csp: {} } },
    });
    const html = contents[0] !== undefined && 'text' in contents[0] ? contents[0].text : '';
    expect(html).toContain("request('ui/initialize'");
    expect(html).toContain("name: 'roll_dice'");
  });
});
