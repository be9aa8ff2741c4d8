// What the model reads when a call to a 2026-07-28 server goes wrong, over real HTTP on loopback:
// each failure is a tool result sentence that names the problem and what to do, worded like the
// 2025 path's, and the toolbox goes on working.

import { afterEach, describe, expect, it } from 'vitest';
import { ServerUnreachableError } from '../src/errors.js';
import { createRecordingContext } from '../src/testing/recording-context.js';
import { startRevision2026FeatureServer } from '../src/testing/revision-2026-feature-server.js';
import { Toolbox, type ToolboxOptions } from '../src/toolbox.js';

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function connectToPantry(options: ToolboxOptions = {}) {
  const server = await startRevision2026FeatureServer();
  cleanups.push(() => server.close());
  const toolbox = await Toolbox.connect([{ name: 'pantry', url: server.url, protocol: '2026-07-28' }], options);
  cleanups.push(() => toolbox.close());
  expect(toolbox.era('pantry')).toBe('2026-07-28');
  return { server, toolbox };
}

const call = (toolbox: Toolbox, name: string, input: Record<string, unknown> = {}) =>
  toolbox.call(name, input, createRecordingContext().context);

describe('a failed call to a 2026-07-28 server', () => {
  it('says the server kept asking for input when it returns input_required round after round', async () => {
    const { toolbox } = await connectToPantry();
    expect(await call(toolbox, 'ask_forever')).toEqual({
      isError: true,
      content:
        'Tool "ask_forever" on server "pantry" did not finish: the server kept asking for more input (10 rounds of input_required in a row), so the host stopped answering. The server may be stuck in a loop; do not retry the same call, tell the user.',
    });
    expect(await call(toolbox, 'knead')).toMatchObject({ isError: false });
  });

  it('says the arguments were refused, and which', async () => {
    const { toolbox } = await connectToPantry();
    const outcome = await call(toolbox, 'weigh', { grams: 'lots' });
    expect(outcome.isError).toBe(true);
    expect(outcome.content).toMatch(
      /^Tool "weigh" on server "pantry" was refused because of its arguments: Input validation error: .*grams/,
    );
    expect(outcome.content).toMatch(/Check the input against the tool's schema\.$/);
    expect(await call(toolbox, 'weigh', { grams: 250 })).toEqual({ isError: false, content: '250 g weighed.' });
  });

  it('says the result could not be read, not that the arguments were wrong', async () => {
    const { toolbox } = await connectToPantry();
    const outcome = await call(toolbox, 'smell');
    expect(outcome.isError).toBe(true);
    expect(outcome.content).toMatch(/^Tool "smell" on server "pantry" answered with a result the host cannot read/);
    expect(outcome.content).toMatch(/Tell the user; the server needs fixing\.$/);
  });

  it('says it timed out, and the next call still goes through', async () => {
    const { toolbox } = await connectToPantry({ callTimeoutMs: 300 });
    expect(await call(toolbox, 'hang')).toEqual({
      isError: true,
      content: 'Tool "hang" on server "pantry" timed out: no answer and no progress for 300 ms.',
    });
    expect(await call(toolbox, 'knead')).toMatchObject({ isError: false });
  });

  it('says the connection broke during the call and that it may have run', async () => {
    const { toolbox, server } = await connectToPantry();
    const outcome = call(toolbox, 'hang');
    await server.called('hang');
    server.dropConnections();
    const { isError, content } = await outcome;
    expect(isError).toBe(true);
    expect(content).toMatch(
      /^Tool "hang" on server "pantry" did not finish: the connection to the server broke before an answer \(.*\), so it may or may not have run\./,
    );
  });

  it('says nothing answers once the server is down', async () => {
    const { toolbox, server } = await connectToPantry();
    await server.close();
    // The first call may still find a pooled connection, which breaks under it.
    await call(toolbox, 'knead');
    const outcome = await call(toolbox, 'knead');
    expect(outcome.isError).toBe(true);
    expect(outcome.content).toMatch(
      /^Tool "knead" on server "pantry" could not be called: nothing answers at the server's address \(.*ECONNREFUSED.*\)\. It has probably stopped; tell the user\.$/,
    );
  });
});

describe('a server required to speak 2026-07-28 that cannot be reached', () => {
  it('is unavailable as unreachable, not as refusing the revision', async () => {
    const server = await startRevision2026FeatureServer();
    const url = server.url;
    await server.close();
    const toolbox = await Toolbox.connect([{ name: 'pantry', url, protocol: '2026-07-28' }]);
    cleanups.push(() => toolbox.close());

    const [failure] = toolbox.unavailable;
    expect(failure?.error).toBeInstanceOf(ServerUnreachableError);
    expect(failure?.error.message).toContain('"pantry"');
    expect(failure?.error.message).not.toContain('does not speak');
  });
});
