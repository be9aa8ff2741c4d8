// A server prompt's messages are the task, read like any other: cookie-jars' audit_shelf names a
// shelf and lists its jar ids, so the offline model inspects exactly those jars and, when the
// prompt says to, discards exactly the tampered ones among them.

import { JarShelf, shelfOf } from '@kitchen/server-cookie-jars';
import { Pantry } from '@kitchen/server-pantry';
import { describe, expect, it } from 'vitest';
import { expectedAudit } from './jar-truth.js';
import { connectKitchen, jarsFor, runKitchen } from './kitchen.js';

/** The prompt's messages as one task, the way `kitchen prompt` hands them to the model. */
async function promptTask(args: Record<string, string>, jars: ReturnType<typeof jarsFor>): Promise<string> {
  const toolbox = await connectKitchen(new JarShelf(jars), new Pantry());
  try {
    const server = toolbox.server('cookie-jars');
    if (server === undefined) throw new Error('cookie-jars is not connected');
    const result = await server.getPrompt('audit_shelf', args);
    return result.messages
      .map(({ content }) =>
        content.type === 'text'
          ? content.text
          : content.type === 'resource'
            ? `[resource ${content.resource.uri}]${'text' in content.resource ? `\n${content.resource.text}` : ''}`
            : `[${content.type}]`,
      )
      .join('\n\n');
  } finally {
    await toolbox.close();
  }
}

const plain = (name: string) => name.split('__').at(-1) ?? name;

describe('a server prompt as the task', () => {
  it.each(['A', 'B', 'C', 'D', 'E'])(
    'inspects exactly the jars audit_shelf lists for shelf %s and discards only the tampered ones among them',
    async (shelf) => {
      const jars = jarsFor(1729, 80);
      const onShelf = jars.filter((jar) => shelfOf(jar) === shelf).map((jar) => jar.id);
      const task = await promptTask({ shelf, tampered: 'discard' }, jars);
      const run = await runKitchen(task, { jars });
      const inspected = run.calls.filter((call) => plain(call.name) === 'inspect_jar').map((call) => call.input['id']);
      const discarded = run.calls.filter((call) => plain(call.name) === 'discard_jar').map((call) => call.input['id']);
      expect([...new Set(inspected)].sort((left, right) => Number(left) - Number(right))).toEqual(onShelf);
      expect(discarded).toEqual(expectedAudit(jars, onShelf).tampered.map(({ id }) => id));
      expect(run.finalText).not.toMatch(/could not read/);
    },
  );

  it('only reports when the prompt says to report', async () => {
    const jars = jarsFor(1729, 80);
    const run = await runKitchen(await promptTask({ shelf: 'A' }, jars), { jars });
    expect(run.calls.some((call) => plain(call.name) === 'discard_jar')).toBe(false);
    for (const { id } of expectedAudit(
      jars,
      jars.filter((jar) => shelfOf(jar) === 'A').map((jar) => jar.id),
    ).tampered)
      expect(run.finalText).toContain(`- jar ${id}: `);
  });
});
