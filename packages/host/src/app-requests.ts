// An MCP App's tools/call, answered the way the host answers any call: the tool is looked up on
// the App's own server, the gate decides (asking the person when its rules say so), the call goes
// through the toolbox, and tool-call / approval / tool-result events go to the lane that shows
// the App. Host side; the app that renders the App carries its requests here.

import type { Gate } from './gate.js';
import type { LoopEventDraft } from './loop-event.js';
import type { AgentInfo, AppToolResult, ToolDescriptor, ToolOutcome } from './tool-types.js';

export interface AppRequestsOptions {
  toolbox: {
    list(): ToolDescriptor[];
    call: (name: string, input: Record<string, unknown>, context: AppCallContext) => Promise<ToolOutcome>;
  };
  gate: Pick<Gate, 'authorize'>;
  /** The server whose App is asking: an App may call its own server's tools only. */
  server: string;
  /** The lane the App is shown in. */
  agent: AgentInfo;
  signal: AbortSignal;
  emit: (draft: LoopEventDraft) => void;
  /** Call ids of the App's calls are `${callIdPrefix}-1`, `-2`…; default "app-call". */
  callIdPrefix?: string;
}

type AppCallContext = Parameters<Gate['authorize']>[0]['context'];

export interface AppRequests {
  /** Never throws: a refusal, a denial or a failed call is an isError result the App can show. */
  callTool(name: string, input: Record<string, unknown>): Promise<AppToolResult>;
}

export function createAppRequests(options: AppRequestsOptions): AppRequests {
  const prefix = options.callIdPrefix ?? 'app-call';
  let calls = 0;
  return {
    async callTool(name, input) {
      const tool = options.toolbox
        .list()
        .find((known) => known.server === options.server && known.originalName === name);
      if (tool === undefined) return refusal(`${options.server} offers no tool "${name}" to its App.`);
      const context: AppCallContext = {
        callId: `${prefix}-${++calls}`,
        agent: options.agent,
        signal: options.signal,
        emit: options.emit,
        forApp: true,
      };
      options.emit({
        type: 'tool-call',
        agent: options.agent.id,
        callId: context.callId,
        tool: tool.name,
        server: tool.server,
        input,
      });
      const started = Date.now();
      const authorization = await options.gate.authorize({ tool, input, context });
      const outcome: ToolOutcome = authorization.approved
        ? await options.toolbox.call(tool.name, input, context)
        : { isError: true, content: authorization.reason };
      options.emit({
        type: 'tool-result',
        agent: options.agent.id,
        callId: context.callId,
        tool: tool.name,
        server: tool.server,
        isError: outcome.isError,
        content: outcome.content,
        ...(outcome.attachments === undefined ? {} : { attachments: outcome.attachments }),
        durationMs: Date.now() - started,
      });
      return outcome.appResult ?? textResult(outcome);
    },
  };
}

/** A local tool keeps no whole result: the App gets the text the model reads. */
function textResult(outcome: ToolOutcome): AppToolResult {
  return { content: [{ type: 'text', text: outcome.content }], ...(outcome.isError ? { isError: true } : {}) };
}

function refusal(text: string): AppToolResult {
  return { content: [{ type: 'text', text }], isError: true };
}
