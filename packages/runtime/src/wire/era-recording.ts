// Runs one tool call against one server once per protocol revision, each time on a fresh toolbox
// pinned to that revision, and keeps what crossed the wire beside what the host did (its events)
// and what came back. Runtime side: the host's Toolbox, WireRecorder, sampling and elicitation
// handlers do the work; the server's questions are answered by the host's model, priced, put to
// the gate and charged to a budget of their own per era, so the two charges can be compared.

import {
  createElicitationHandler,
  createSamplingHandler,
  describeError,
  type GateAction,
  type HttpServerConnection,
  type LoopEvent,
  MAIN_AGENT,
  type Model,
  type Person,
  type ProtocolEra,
  stamp,
  Toolbox,
  type ToolOutcome,
  TreeBudget,
  type WireRecord,
  WireRecorder,
  withDefined,
} from '@kitchen/host';

export const ERAS: readonly ProtocolEra[] = ['2025-11-25', '2026-07-28'];

/** One era's run of the call: every record of the wire, the host's events, the tool's result. */
export interface EraRecording {
  era: ProtocolEra;
  server: string;
  tool: string;
  input: Record<string, unknown>;
  records: WireRecord[];
  events: LoopEvent[];
  /** Absent when the server could not be reached in this era. */
  outcome?: ToolOutcome;
  /** Why the server could not be reached in this era. */
  unavailable?: string;
}

export interface RecordErasOptions {
  server: Pick<HttpServerConnection, 'name' | 'url' | 'headers'>;
  tool: string;
  input: Record<string, unknown>;
  eras: readonly ProtocolEra[];
  /** The host's own model: answers the server's sampling requests. */
  model: () => Model;
  /** What the gate does with a sampling request: allow, deny, or ask the person. */
  samplingAction: GateAction;
  /** Who answers approvals ("ask") and forms; without one, an ask is a no and a form is cancelled. */
  person?: Partial<Pick<Person, 'approve' | 'fillIn'>>;
  approvalTimeoutMs?: number;
  signal?: AbortSignal;
}

/** The eras one after the other (never at once: each era's records stay apart and in order). */
export async function recordEras(options: RecordErasOptions): Promise<EraRecording[]> {
  const recordings: EraRecording[] = [];
  for (const era of options.eras) recordings.push(await recordEra(options, era));
  return recordings;
}

async function recordEra(options: RecordErasOptions, era: ProtocolEra): Promise<EraRecording> {
  const wire = new WireRecorder();
  const events: LoopEvent[] = [];
  const emit = (draft: Parameters<typeof stamp>[0]) => events.push(stamp(draft));
  const { person } = options;
  const timeout = options.approvalTimeoutMs === undefined ? {} : { approvalTimeoutMs: options.approvalTimeoutMs };
  const toolbox = await Toolbox.connect([{ ...options.server, protocol: era }], {
    clientName: 'mcp-kitchen-wire',
    wire,
    handlers: {
      sampling: createSamplingHandler({
        model: options.model(),
        budget: new TreeBudget(),
        defaultAction: options.samplingAction,
        ...(person?.approve === undefined ? {} : { person: { approve: person.approve } }),
        ...timeout,
        emit,
      }),
      elicitation: createElicitationHandler({
        ...(person?.fillIn === undefined ? {} : { person: { fillIn: person.fillIn } }),
        ...withDefined({ timeoutMs: options.approvalTimeoutMs }),
        emit,
      }),
    },
  });
  let outcome: ToolOutcome | undefined;
  let unavailable = toolbox.unavailable[0]?.error.message;
  try {
    if (unavailable === undefined) {
      outcome = await toolbox.call(options.tool, options.input, {
        callId: 'call-1',
        agent: MAIN_AGENT,
        signal: options.signal ?? new AbortController().signal,
        emit,
      });
    }
  } catch (error) {
    unavailable = describeError(error);
  } finally {
    // Closing is part of the exchange (a 2025 session ends with DELETE): it is recorded too.
    await toolbox.close().catch(() => undefined);
  }
  return {
    era,
    server: options.server.name,
    tool: options.tool,
    input: options.input,
    records: [...wire.records],
    events,
    ...withDefined({ outcome, unavailable }),
  };
}
