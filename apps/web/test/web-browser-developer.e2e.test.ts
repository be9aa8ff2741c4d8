// The web kitchen for a server developer, in Debian's Chromium (playwright-core) against `kitchen
// web` in-process with the cookie-jars server and the offline model: the protocol view of a run
// (its JSON-RPC messages and HTTP exchanges, by server and lane, exported as JSON, with the
// server's stderr), behind the owner token like the rest of the API; the inspector calling in the
// revision a server speaks and saying which; Refresh connecting a server that came up late.

import { readFileSync } from 'node:fs';
import { cliEnvironment, PROCESS_TEST_TIMEOUT_MS } from '@kitchen/probe-kit/cli-process';
import { freePort } from '@kitchen/probe-kit/free-port';
import { parseKitchenConfig } from '@kitchen/runtime/config/kitchen-config';
import { type RunningServers, startServers } from '@kitchen/runtime/server-processes/start-servers';
import { afterAll, describe, expect, it } from 'vitest';
import { saveScreenshot } from './browser.js';
import { eventually, useBrowserKitchen } from './browser-kitchen.js';
import { REPO_CONFIG } from './test-kitchen.js';

/** A dice server that is down when the kitchen starts, at a port it will come up on later. */
let latePort: number;
let late: RunningServers | undefined;

const kitchen = useBrowserKitchen({
  config: async () => {
    latePort = await freePort();
    return {
      servers: [
        { name: 'cookie-jars', package: 'servers/cookie-jars', entry: 'src/main.ts', trust: true },
        { name: 'late-dice', url: `http://127.0.0.1:${latePort}/mcp`, trust: true },
      ],
    };
  },
  flags: ['--jars', '24', '--model', 'offline'],
  runsDirPrefix: 'kitchen-developer-runs-',
});
const { web } = kitchen;

// Registered after the kitchen's own, so it runs before the kitchen closes (afterAll runs last-first).
afterAll(async () => {
  await late?.stop();
}, PROCESS_TEST_TIMEOUT_MS);

const openPage = (address: string) =>
  kitchen.openPage(address, { viewport: { width: 1440, height: 900 }, acceptDownloads: true });

describe('the web kitchen for a server developer', () => {
  it("shows a run's exchanges by server and lane, exports them, and shows the server's stderr", {
    timeout: PROCESS_TEST_TIMEOUT_MS,
  }, async () => {
    const page = await openPage(web().ownerUrl);
    await eventually(() => page.locator('#kitchen-line').textContent()).toContain('seed');
    await page.getByRole('button', { name: 'Run', exact: true }).click();
    await page.locator('#report').waitFor({ state: 'visible' });

    await page.locator('#protocol > summary').click();
    await eventually(() => page.locator('#protocol-rows > li').count()).toBeGreaterThan(0);
    const everything = await page.locator('#protocol-rows > li').count();
    expect(await page.locator('#protocol-rows').textContent()).toContain('tools/call');
    // Every lane that called a server's tool is a choice: the main agent and its workers.
    const lanes = await page
      .locator('#protocol-lane option')
      .evaluateAll((options) => options.map((option) => (option as HTMLOptionElement).value));
    expect(lanes).toContain('main');
    expect(lanes.length).toBeGreaterThan(4);
    const worker = lanes.find((lane) => !['', 'main', '-', '+'].includes(lane)) ?? '';
    await page.locator('#protocol-lane').selectOption(worker);
    const inLane = await page
      .locator('#protocol-rows > li')
      .evaluateAll((items) => items.map((item) => (item as HTMLElement).dataset.lane));
    expect(inLane.length).toBeGreaterThan(0);
    expect(inLane.length).toBeLessThan(everything);
    expect(new Set(inLane)).toEqual(new Set([worker]));

    // A row opens to the JSON-RPC message it carried (drawn on the toggle event, a task after the click).
    await page.locator('#protocol-rows > li summary').first().click();
    await eventually(() => page.locator('#protocol-rows > li').first().textContent()).toContain('"jsonrpc"');

    // What crossed while the server connected: its initialize.
    await page.locator('#protocol-lane').selectOption('+');
    expect(await page.locator('#protocol-rows').textContent()).toMatch(/initialize|server\/discover/);
    expect(await page.locator('#protocol-rows').textContent()).toContain('tools/list');
    await page.locator('#protocol-lane').selectOption('');

    const [download] = await Promise.all([page.waitForEvent('download'), page.locator('#protocol-export').click()]);
    const exported = JSON.parse(readFileSync(await download.path(), 'utf8')) as {
      records: Array<{ kind: string; server: string }>;
      servers: Array<{ name: string; stderr: string[] }>;
    };
    expect(exported.records.length).toBeGreaterThan(everything - 1);
    expect(exported.records.every((record) => record.server === 'cookie-jars')).toBe(true);
    expect(exported.servers.map((server) => server.name)).toContain('cookie-jars');
    expect(await page.locator('#protocol-stderr').textContent()).toContain('cookie-jars stderr');
    await saveScreenshot(page, 'web-protocol-view');
  });

  it("refuses a run's exchanges to a caller without the owner token", async () => {
    const runs = await fetch(new URL('/api/runs/anything/wire', web().url));
    expect(runs.status).toBe(401);
    const known = await fetch(new URL('/api/runs/no-such-run/wire', web().url), {
      headers: { 'x-kitchen-token': web().token },
    });
    expect(known.status).toBe(404);
  });

  it('calls a tool by hand in the revision the server speaks, and says which', {
    timeout: PROCESS_TEST_TIMEOUT_MS,
  }, async () => {
    const spoken = web().kitchen.toolbox.era('cookie-jars');
    expect(spoken).toBeDefined();
    const page = await openPage(web().ownerUrl);
    await page.locator('#inspector > summary').click();
    const card = page.locator('.server-card[data-server="cookie-jars"]');
    await eventually(() => card.locator('.server-revision').textContent()).toBe(`speaks MCP ${spoken}`);
    await card.locator('.feature-group > summary', { hasText: 'Tools' }).click();
    const listJars = card.locator('.tool-card[data-tool="list_jars"]');
    await listJars.locator('summary').first().click();
    await listJars.getByRole('button', { name: 'Call', exact: true }).click();
    await eventually(() => listJars.locator('.hand-call-revision').textContent()).toBe(
      `called in MCP ${spoken}, the revision the server speaks`,
    );
    await listJars.locator('.raw-messages > summary').click();
    const raw = (await listJars.locator('.raw-messages').textContent()) ?? '';
    expect(raw).toContain('tools/call');
    if (spoken === '2026-07-28') expect(raw).toContain('io.modelcontextprotocol/protocolVersion');
  });

  it('connects on Refresh to a server that was down at start and has come up since', {
    timeout: PROCESS_TEST_TIMEOUT_MS,
  }, async () => {
    const page = await openPage(web().ownerUrl);
    await page.locator('#inspector > summary').click();
    const card = page.locator('.server-card[data-server="late-dice"]');
    await eventually(() => card.locator('.server-name').textContent()).toBe('late-dice (unavailable)');

    const config = parseKitchenConfig(
      { servers: [{ name: 'late-dice', package: 'servers/dice', entry: 'src/main.ts', port: latePort }] },
      REPO_CONFIG,
    );
    if (!config.ok) throw new Error(config.message);
    late = await startServers(config.config.servers, { environment: cliEnvironment() });
    await page.locator('#inspector-body > button', { hasText: 'Refresh' }).click();
    await eventually(() => card.locator('.server-name').textContent()).toBe('late-dice');
    expect(await card.locator('.server-revision').textContent()).toMatch(/^speaks MCP 20\d\d-\d\d-\d\d$/);
    expect(await card.textContent()).toContain('roll');
  });
});
