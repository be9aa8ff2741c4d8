// Test helper: Debian's Chromium (/usr/bin/chromium) driven by playwright-core, for the web UI's
// browser tests, and screenshots saved as test artifacts in apps/web/test-artifacts/ (git-ignored).

import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Browser, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';

/** `pnpm test` installs it first (scripts/ensure-system-deps.mjs: chromium, fonts-noto-color-emoji) when missing. */
export const CHROMIUM = process.env['KITCHEN_CHROMIUM'] ?? '/usr/bin/chromium';
export const ARTIFACTS = fileURLToPath(new URL('../test-artifacts/', import.meta.url));
/** A bound on one wait in the page, for a loaded machine; never what a test asserts. */
export const WAIT_MS = 60_000;

/**
 * One headless Chromium with a fresh profile (playwright makes a temporary user-data-dir per
 * launch), nothing it would fetch by itself, and no sandbox (containers have no user namespaces).
 */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    chromiumSandbox: false,
    args: [
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

/** Saves the whole page as test-artifacts/NAME.png and returns the path. */
export async function saveScreenshot(page: Page, name: string): Promise<string> {
  mkdirSync(ARTIFACTS, { recursive: true });
  const path = join(ARTIFACTS, `${name}.png`);
  await page.screenshot({ path, fullPage: true });
  return path;
}

/** One Chromium for a test file: launched before its tests, closed after them. */
export function useChromium(timeoutMs: number): () => Browser {
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await launchChromium();
  }, timeoutMs);
  afterAll(async () => {
    await browser?.close();
  }, timeoutMs);
  return () => {
    if (browser === undefined) throw new Error('Chromium is not running: use it inside a test');
    return browser;
  };
}
