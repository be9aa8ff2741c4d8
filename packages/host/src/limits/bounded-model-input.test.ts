// Bounded inputs to the model, through the real loop: a 5 MB tool result and a long worker report
// reach the model shortened with a note, while the events keep every character.

import { afterEach, describe, expect, it } from 'vitest';
import type { LocalTool } from '../local-tools.js';
import type { LoopEvent } from '../loop-event.js';
import type { ToolResultBlock } from '../model.js';
import { runAgentLoop } from '../run-agent-loop.js';
import { createSpawnAgentTool } from '../spawn-agent.js';
import { connectInMemory } from '../testing/connect-in-memory.js';
import { collectEvents } from '../testing/recording-context.js';
import { ScriptedModel, textTurn, toolTurn } from '../testing/scripted-model.js';
import { teamModel } from '../testing/team-model.js';
import { buildTestServer } from '../testing/test-server.js';
import type { Toolbox } from '../toolbox.js';
import { TreeBudget } from '../tree-budget.js';

const FIVE_MB = 5 * 1024 * 1024;
const MENU = `MENU START ${'soup '.repeat(FIVE_MB / 5)} MENU END`;

const hugeMenu: LocalTool = {
  name: 'huge_menu',
  description: 'Returns the whole menu, all 5 MB of it',
  inputSchema: { type: 'object', properties: {} },
  annotations: { readOnlyHint: true },
  run: async () => ({ isError: false, content: MENU }),
};

const opened: Toolbox[] = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((toolbox) => toolbox.close()));
});

async function kitchen(...tools: LocalTool[]): Promise<Toolbox> {
  const toolbox = await connectInMemory({ pantry: buildTestServer('pantry') });
  for (const tool of tools) toolbox.addLocalTool(tool);
  opened.push(toolbox);
  return toolbox;
}

function lastToolResult(model: ScriptedModel): ToolResultBlock | undefined {
  const content = model.requests.at(-1)?.messages.at(-1)?.content;
  return Array.isArray(content)
    ? (content as ToolResultBlock[]).find((block) => block.type === 'tool_result')
    : undefined;
}

const resultEvents = (events: LoopEvent[]) =>
  events.filter((event): event is Extract<LoopEvent, { type: 'tool-result' }> => event.type === 'tool-result');

describe('bounded inputs to the model', () => {
  it('gives the model at most maxResultChars of a 5 MB result, so the run ends in an answer and not on budget', async () => {
    const model = new ScriptedModel([toolTurn({ name: 'huge_menu' }), textTurn('The menu is mostly soup.')]);
    const events = await collectEvents(
      runAgentLoop({
        messages: [{ role: 'user', content: 'What is on the menu?' }],
        model,
        toolbox: await kitchen(hugeMenu),
        budget: new TreeBudget({ maxTokens: 200_000 }),
        seatbelts: { maxResultChars: 20_000 },
      }),
    );
    expect(events.at(-1)).toMatchObject({
      type: 'done',
      stopReason: 'end_turn',
      finalText: 'The menu is mostly soup.',
    });
    const seen = String(lastToolResult(model)?.content);
    expect(seen.length).toBeLessThan(21_000);
    expect(seen.startsWith('MENU START soup')).toBe(true);
    expect(seen.endsWith('soup  MENU END')).toBe(true);
    // (Matched without printing: a failure here would otherwise print 20,000 characters of soup.)
    const note = /\[… [^\]]*\]/.exec(seen)?.[0];
    expect(note).toMatch(
      /^\[… 5,222,900 characters left out here: the tool result had 5,242,900 and the model reads at most 20,000 of it;/,
    );
    // The person and the trace still have every character.
    const [result] = resultEvents(events);
    expect(result?.content === MENU).toBe(true);
    expect(result?.omittedChars).toBe(MENU.length - 20_000);
  });

  it('without the cap, the same result ends the run on budget', async () => {
    const model = new ScriptedModel([toolTurn({ name: 'huge_menu' }), textTurn('The menu is mostly soup.')]);
    const events = await collectEvents(
      runAgentLoop({
        messages: [{ role: 'user', content: 'What is on the menu?' }],
        model,
        toolbox: await kitchen(hugeMenu),
        budget: new TreeBudget({ maxTokens: 200_000 }),
        seatbelts: { maxResultChars: 10_000_000 },
      }),
    );
    expect(events.at(-1)).toMatchObject({ type: 'done', stopReason: 'budget' });
  });

  it("caps a worker's report at maxReportChars for its parent, and keeps the whole report in the worker's lane", async () => {
    const longReport = `Inspected 20 jars.\n${'- jar 7: seal broken\n'.repeat(2000)}Done: 20 jars.`;
    const model = teamModel({
      main: (_request, turn) =>
        turn === 0
          ? toolTurn({ name: 'spawn_agent', input: { task: 'Inspect jars 1-20.', name: 'baker' } })
          : textTurn('ok'),
      worker: () => textTurn(longReport),
    });
    const events = await collectEvents(
      runAgentLoop({
        messages: [{ role: 'user', content: 'Check the jars.' }],
        model,
        toolbox: await kitchen(createSpawnAgentTool({ maxReportChars: 1_000 })),
      }),
    );
    const parentSaw = resultEvents(events).find((event) => event.tool === 'spawn_agent');
    // The spawn_agent result is what the parent reads; the worker's own agent-end keeps it all.
    expect(parentSaw?.content.length).toBeLessThan(1_400);
    expect(parentSaw?.content).toMatch(/^Inspected 20 jars\./);
    expect(parentSaw?.content).toMatch(/Done: 20 jars\.$/);
    expect(parentSaw?.content).toContain('the report of worker "baker" had 42,033 and the model reads at most 1,000');
    const workerEnd = events.find((event) => event.type === 'agent-end' && event.name === 'baker');
    expect(workerEnd).toMatchObject({ finalText: longReport });
  });
});
