import { describe, expect, it } from 'vitest';
import { createAppRequests } from './app-requests.js';
import { Gate } from './gate.js';
import type { LoopEventDraft } from './loop-event.js';
import { MAIN_AGENT, type ToolDescriptor, type ToolOutcome } from './tool-types.js';

const ROLL: ToolDescriptor = {
  name: 'roll_dice',
  originalName: 'roll_dice',
  server: 'dice',
  description: 'Roll dice.',
  inputSchema: { type: 'object' },
  annotations: { readOnlyHint: true },
};
const OTHER: ToolDescriptor = { ...ROLL, name: 'discard_jar', originalName: 'discard_jar', server: 'cookie-jars' };

/** A toolbox with two tools that answers every call with the same whole result. */
function fakeToolbox() {
  const called: string[] = [];
  return {
    called,
    list: () => [ROLL, OTHER],
    call: async (
      name: string,
      _input: Record<string, unknown>,
      context: { forApp?: boolean },
    ): Promise<ToolOutcome> => {
      called.push(name);
      return {
        isError: false,
        content: '{"total":4}',
        ...(context.forApp ? { appResult: { content: [], structuredContent: { total: 4 } } } : {}),
      };
    },
  };
}

function requests(gate: Gate, toolbox = fakeToolbox()) {
  const events: LoopEventDraft[] = [];
  const app = createAppRequests({
    toolbox,
    gate,
    server: 'dice',
    agent: MAIN_AGENT,
    signal: new AbortController().signal,
    emit: (event) => events.push(event),
  });
  return { app, events, toolbox };
}

describe('createAppRequests', () => {
  it("calls its own server's tool once the gate approves, with the whole result and the lane's events", async () => {
    const { app, events, toolbox } = requests(new Gate({ trustedServers: ['dice'] }));
    expect(await app.callTool('roll_dice', { count: 1 })).toEqual({ content: [], structuredContent: { total: 4 } });
    expect(toolbox.called).toEqual(['roll_dice']);
    expect(events.map((event) => event.type)).toEqual(['tool-call', 'approval-response', 'tool-result']);
    expect(events[0]).toMatchObject({ callId: 'app-call-1', server: 'dice', input: { count: 1 } });
  });

  it('answers a denied call with an isError result and never sends it', async () => {
    const { app, toolbox } = requests(new Gate({ rules: [{ action: 'deny', tool: 'roll_dice' }] }));
    const result = await app.callTool('roll_dice', {});
    expect(result.isError).toBe(true);
    expect(toolbox.called).toEqual([]);
  });

  it("refuses a tool of another server: an App reaches only its own server's tools", async () => {
    const { app, toolbox } = requests(new Gate({ trustedServers: ['dice', 'cookie-jars'] }));
    const result = await app.callTool('discard_jar', {});
    expect(result).toEqual({
      isError: true,
      content: [{ type: 'text', text: 'dice offers no tool "discard_jar" to its App.' }],
    });
    expect(toolbox.called).toEqual([]);
  });
});
