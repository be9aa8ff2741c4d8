// The inspector's calls by hand answered by the person at the page, in Chromium: the pastry
// chef's sampling request shown in the call's panel with its price, allowed with a click and
// answered by the offline model, the result saying what it cost; its form filled in and sent
// there; a prompt fetched from a small form, and the chef's skills with their files verified.
// `kitchen web` in-process (the real pastry chef on 2026-07-28, the offline model).

import { PROCESS_TEST_TIMEOUT_MS } from '@kitchen/probe-kit/cli-process';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { saveScreenshot } from './browser.js';
import { useBrowserKitchen } from './browser-kitchen.js';

const { web, openPage } = useBrowserKitchen({
  config: {
    mcpServers: {
      'pastry-chef': {
        kitchen: { package: 'servers/pastry-chef', entry: 'src/main.ts' },
        protocol: '2026-07-28',
      },
    },
  },
  flags: ['--model', 'offline'],
  runsDirPrefix: 'kitchen-hand-page-',
});

async function openChef(): Promise<{ page: Page; chef: Locator }> {
  const page = await openPage(web().ownerUrl);
  await page.locator('#inspector summary').first().click();
  const chef = page.locator('.server-card[data-server="pastry-chef"]');
  await chef.waitFor();
  return { page, chef };
}

async function openTool(chef: Locator, name: string): Promise<Locator> {
  const tools = chef.locator('.feature-group > summary', { hasText: 'Tools' });
  if ((await tools.locator('xpath=..').getAttribute('open')) === null) await tools.click();
  const tool = chef.locator(`.tool-card[data-tool="${name}"]`);
  await tool.locator('summary').first().click();
  return tool;
}

describe("the inspector's calls by hand, answered at the page", () => {
  it('shows a sampling request with its price, answers it once allowed, and fills in a form', {
    timeout: PROCESS_TEST_TIMEOUT_MS,
  }, async () => {
    const { page, chef } = await openChef();
    const critique = await openTool(chef, 'critique_recipe');
    await critique.locator('input[type="text"]').first().fill('lemon tart');
    await critique.getByRole('button', { name: 'Call' }).click();
    const question = critique.locator('.question.sampling.waiting');
    await question.waitFor();
    expect(await question.locator('.question-title').textContent()).toMatch(/¢/);
    expect(await question.locator('.sampling-request').textContent()).toContain('lemon tart');
    await question.getByRole('button', { name: /Allow/ }).click();
    const outcome = critique.locator('.hand-call-outcome');
    await outcome.waitFor();
    expect(await outcome.locator('strong').first().textContent()).toContain('← result');
    expect(await outcome.textContent()).toContain('"model": "offline"');
    const spent = await critique.locator('.hand-call-sampling').textContent();
    expect(spent).toMatch(/1 model call answered by .*offline.*, .* in \+ .* out tokens, cost \d/);
    expect(await critique.locator('.question.sampling').textContent()).toContain('answered');

    const filling = await openTool(chef, 'choose_filling');
    await filling.getByRole('button', { name: 'Call' }).click();
    const form = filling.locator('.question.elicitation.waiting form');
    await form.waitFor();
    await form.locator('select').selectOption('cherry');
    await form.locator('input[type="number"]').fill('4');
    await form.getByRole('button', { name: 'Send' }).click();
    const planned = filling.locator('.hand-call-outcome');
    await planned.waitFor();
    expect(await planned.textContent()).toContain('"filling": "cherry"');
    expect(await filling.locator('.question.elicitation').textContent()).toContain('answer: accept');
    await saveScreenshot(page, 'inspector-hand-answers');
    await page.context().close();
  });

  it("fetches a prompt from its arguments and shows the server's skills, each file verified", {
    timeout: PROCESS_TEST_TIMEOUT_MS,
  }, async () => {
    const { page, chef } = await openChef();
    await chef.locator('.feature-group > summary', { hasText: 'Prompts' }).click();
    const plan = chef.locator('.feature-line', { has: page.locator('code', { hasText: /^plan_bake\(/ }) });
    await plan.getByRole('button', { name: 'get', exact: true }).click();
    const form = plan.locator('.prompt-form');
    await form.getByRole('button', { name: 'Get' }).click();
    expect(await form.locator('.form-problem').textContent()).toContain('recipe');
    await form.locator('input').fill('lemon tart');
    await form.getByRole('button', { name: 'Get' }).click();
    const messages = plan.locator('.prompt-messages');
    await messages.locator('.prompt-role').first().waitFor();
    expect(await messages.locator('.prompt-role').first().textContent()).toBe('user');
    expect(await messages.locator('.prompt-text').first().textContent()).toContain('lemon tart');

    await chef.getByRole('button', { name: 'Skills' }).click();
    const skill = chef.locator('.skills-view .skill').first();
    await skill.waitFor();
    const files = await skill.locator('.skill-file').allTextContents();
    expect(files.some((file) => file.startsWith('SKILL.md'))).toBe(true);
    expect(files.every((file) => file.includes('✓ verified'))).toBe(true);
    await saveScreenshot(page, 'inspector-prompt-skills');
    await page.context().close();
  });
});
