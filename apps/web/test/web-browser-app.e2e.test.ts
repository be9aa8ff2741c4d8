// A lane's MCP App in the web kitchen: a run whose tool call has an App (the dice tray) renders it
// under the call, in a sandboxed frame (opaque origin, no way to the page), with the call's roll;
// the tray's own tools/call of roll_dice goes through the run's gate and shows in the lane.
// Debian's Chromium (playwright-core) against `kitchen web` in-process, the dice server as a child
// process, the offline model, real HTTP on 127.0.0.1:0.

import { join } from 'node:path';
import { frameIsolation, frameText } from '@kitchen/probe-kit/app-frame';
import { PROCESS_TEST_TIMEOUT_MS } from '@kitchen/probe-kit/cli-process';
import { describe, expect, it } from 'vitest';
import { ARTIFACTS, saveScreenshot, WAIT_MS } from './browser.js';
import { useBrowserKitchen } from './browser-kitchen.js';

const { openKitchen } = useBrowserKitchen({
  config: { servers: [{ name: 'dice', package: 'servers/dice', entry: 'src/main.ts', trust: true }] },
  flags: ['--model', 'offline'],
  runsDirPrefix: 'kitchen-app-runs-',
});

describe('an MCP App in a lane', () => {
  it('renders the dice tray under the call that made it, sandboxed, and its own call shows in the lane', {
    timeout: PROCESS_TEST_TIMEOUT_MS,
  }, async () => {
    const page = await openKitchen();
    await page.locator('#task').fill('use the show_dice_tray tool with count 3');
    await page.getByRole('button', { name: 'Run', exact: true }).click();
    await page.locator('#report').waitFor({ state: 'visible' });
    await page.locator('.lane .tool-app[data-app="initialized"]').waitFor();
    expect(await page.locator('.lane .tool-app iframe').getAttribute('sandbox')).toBe('allow-scripts');
    const frame = page.frames().find((candidate) => candidate.url().includes('/app-frame/'));
    if (frame === undefined) throw new Error('the lane has no App frame');
    expect(await frameIsolation(frame)).toEqual({ origin: 'null', parentDocument: 'SecurityError' });

    // The call's own roll, as the lane's result shows it.
    const total = await frameText(frame, '#total', /Total/);
    const shown = /^Total (\d+) \(3d6, seed (\d+)\)$/.exec(total);
    expect(shown).not.toBeNull();
    expect(await page.locator('.lane .entry.tool .result-text').first().textContent()).toContain(
      `"seed":${shown?.[2]}`,
    );

    await frame.click('#again');
    // The tray's call went through the run's gate and the toolbox; its result reached the frame
    // and is listed under it, in the lane.
    const again = await frameText(frame, '#total', new RegExp(`seed (?!${shown?.[2]}\\))`));
    const seed = /seed (\d+)\)$/.exec(again)?.[1];
    const requests = page.locator('.lane .tool-app .app-requests');
    await expect.poll(() => requests.textContent(), { timeout: WAIT_MS }).toContain(`"seed":${seed}`);
    expect(await requests.textContent()).toContain('tools/call roll_dice {"count":3,"sides":6}');
    await saveScreenshot(page, 'dice-tray-app');
    await page.locator('.tool-app iframe').screenshot({ path: join(ARTIFACTS, 'dice-tray-app-frame.png') });
  });
});
