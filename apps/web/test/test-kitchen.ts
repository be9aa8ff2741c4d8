// Test helper: `kitchen web` in-process for the web app's tests (its servers as child processes,
// the CLI's environment, runs in a temporary folder), started before a file's tests and closed after.

import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { cliEnvironment, PROCESS_TEST_TIMEOUT_MS } from '@kitchen/probe-kit/cli-process';
import { parseKitchenConfig } from '@kitchen/runtime/config/kitchen-config';
import { afterAll, beforeAll } from 'vitest';
import { type KitchenWeb, startKitchenWeb } from '../src/start-kitchen-web.js';
import { webFlags } from './web-flags.js';

/** Where relative server packages in a test's config resolve from: the repository's root. */
export const REPO_CONFIG = fileURLToPath(new URL('../../../kitchen.config.json', import.meta.url));

export type TestKitchenOptions = {
  /** The config as kitchen.config.json would hold it, or made when the tests start. */
  config: unknown | (() => Promise<unknown>);
  /** `kitchen web` flags: only --jars and --model (see web-flags.ts). */
  flags: string[];
  /** Runs go to a fresh temporary folder named with this prefix, never the person's own. */
  runsDirPrefix: string;
};

/** A fresh runs folder for `options`, made at once so a test can write traces into it. */
export function testRunsDir(options: TestKitchenOptions): string {
  return mkdtempSync(join(tmpdir(), options.runsDirPrefix));
}

/** Parses the flags and the config and starts `kitchen web` on 127.0.0.1:0 with `runsDir` as $KITCHEN_RUNS_DIR. */
export async function startTestKitchen(options: TestKitchenOptions, runsDir: string): Promise<KitchenWeb> {
  const parsed = webFlags(options.flags);
  const raw = typeof options.config === 'function' ? await options.config() : options.config;
  const loaded = parseKitchenConfig(raw, REPO_CONFIG);
  if (!loaded.ok) throw new Error(loaded.message);
  return startKitchenWeb({
    config: loaded.config,
    flags: parsed.command.flags,
    port: 0,
    environment: cliEnvironment({ KITCHEN_RUNS_DIR: runsDir }),
  });
}

/** `value`, once the beforeAll has made it. */
export function started<T>(value: T | undefined, what: string): T {
  if (value === undefined) throw new Error(`${what} is not running: use it inside a test`);
  return value;
}

/** Registers the beforeAll that starts the kitchen and the afterAll that closes it. */
export function useKitchenWeb(options: TestKitchenOptions): { web(): KitchenWeb; runsDir: string } {
  const runsDir = testRunsDir(options);
  let web: KitchenWeb | undefined;
  beforeAll(async () => {
    web = await startTestKitchen(options, runsDir);
  }, PROCESS_TEST_TIMEOUT_MS);
  afterAll(async () => {
    await web?.close();
  }, PROCESS_TEST_TIMEOUT_MS);
  return { web: () => started(web, 'the kitchen'), runsDir };
}

/** Two of the example servers, trusted: jars to inspect and discard, and a pastry chef that asks (baking fast). */
export const JARS_AND_CHEF = {
  servers: [
    { name: 'cookie-jars', package: 'servers/cookie-jars', entry: 'src/main.ts', trust: true },
    {
      name: 'pastry-chef',
      trust: true,
      package: 'servers/pastry-chef',
      entry: 'src/main.ts',
      args: ['--bake-ms-per-minute', '4'],
    },
  ],
};
