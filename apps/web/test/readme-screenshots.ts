// The README's two pictures of the web kitchen, made in Debian's Chromium (playwright-core): one
// light, one dark as on a projector, of the same 160-jar run with 8 workers on the offline model,
// at 1440×900. Written to docs/web-kitchen-light.png and docs/web-kitchen-dark.png.
//
//   pnpm --filter @kitchen/web screenshots

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { cliEnvironment } from '@kitchen/probe-kit/cli-process';
import { parseKitchenConfig } from '@kitchen/runtime/config/kitchen-config';
import { startKitchenWeb } from '../src/start-kitchen-web.js';
import { launchChromium } from './browser.js';
import { webFlags } from './web-flags.js';

const REPO_CONFIG = fileURLToPath(new URL('../../../kitchen.config.json', import.meta.url));
const DOCS = fileURLToPath(new URL('../../../docs/', import.meta.url));
const VIEWPORT = { width: 1440, height: 900 };
/** A bound on the run, for a loaded machine. */
const RUN_BOUND_MS = 180_000;

const parsed = webFlags(['--jars', '160', '--model', 'offline']);
if (!parsed.ok || parsed.command.name !== 'web') throw new Error(`bad flags: ${JSON.stringify(parsed)}`);
const loaded = parseKitchenConfig(
  { servers: [{ name: 'cookie-jars', package: 'servers/cookie-jars', entry: 'src/main.ts', trust: true }] },
  REPO_CONFIG,
);
if (!loaded.ok) throw new Error(loaded.message);
const runsDir = mkdtempSync(join(tmpdir(), 'kitchen-screenshots-'));
const web = await startKitchenWeb({
  config: loaded.config,
  flags: parsed.command.flags,
  port: 0,
  environment: { ...cliEnvironment(), KITCHEN_RUNS_DIR: runsDir },
});
const browser = await launchChromium();
try {
  const light = await (await browser.newContext({ viewport: VIEWPORT, colorScheme: 'light' })).newPage();
  light.setDefaultTimeout(RUN_BOUND_MS);
  await light.goto(web.ownerUrl);
  await light.locator('#kitchen-line').filter({ hasText: 'seed' }).waitFor();
  await light.getByRole('button', { name: 'Run', exact: true }).click();
  await light.locator('#report').waitFor({ state: 'visible' });
  const runId = new URL(light.url()).searchParams.get('run') ?? '';
  await light.screenshot({ path: join(DOCS, 'web-kitchen-light.png') });

  // The same run on a dark projector: the system's dark setting.
  const dark = await (await browser.newContext({ viewport: VIEWPORT, colorScheme: 'dark' })).newPage();
  dark.setDefaultTimeout(RUN_BOUND_MS);
  await dark.goto(`${web.ownerUrl}&run=${encodeURIComponent(runId)}`);
  await dark.locator('#report').waitFor({ state: 'visible' });
  await dark.screenshot({ path: join(DOCS, 'web-kitchen-dark.png') });
  process.stdout.write(`wrote ${join(DOCS, 'web-kitchen-light.png')} and web-kitchen-dark.png (run ${runId})\n`);
} finally {
  await browser.close();
  await web.close();
  rmSync(runsDir, { recursive: true, force: true });
}
