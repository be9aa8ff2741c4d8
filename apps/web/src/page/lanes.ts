// Folds the host's LoopEvents into one lane per agent, for the web UI. App side, browser and
// Node alike: no DOM here, so the same code is unit-tested under vitest without a browser.

import type { AppToolResult, DoneEvent, LoopEvent, LoopStopReason, ToolResultAttachment } from '@kitchen/host';
import { cleanDisplayText, formatDuration, ROOT_AGENT } from './lane-words.js';

export type { DoneEvent, LoopEvent, LoopStopReason, ToolResultAttachment };

export interface IterationEntry {
  kind: 'iteration';
  iteration: number;
}
export interface TextEntry {
  kind: 'text';
  text: string;
}
export interface ToolResult {
  isError: boolean;
  content: string;
  durationMs: number;
  attachments?: ToolResultAttachment[];
  /** The tool's MCP App, the whole result it is handed, and the lane it is shown in. */
  app?: ToolResultApp;
}
export interface ToolResultApp {
  resourceUri: string;
  result: AppToolResult;
  agent: string;
}
export interface ToolProgress {
  progress: number;
  total?: number;
  message?: string;
}
export interface ToolEntry {
  kind: 'tool';
  callId: string;
  tool: string;
  server: string;
  input: Record<string, unknown>;
  result?: ToolResult;
  progress?: ToolProgress;
  questions: QuestionEntry[];
  /** The tool's own name on its server, when the model saw another (namespaced or renamed). */
  serverTool?: string;
  /** Time its questions waited for a person: overlapping questions counted once. */
  waitedMs: number;
  /** Its questions still open, and since when one has been (the wait being counted). */
  openQuestions?: number;
  waitingSince?: number;
  /** The lane a spawn_agent call hired. */
  worker?: string;
}
export interface ApprovalEntry {
  kind: 'approval';
  requestId: string;
  callId?: string;
  tool: string;
  server: string;
  input: Record<string, unknown>;
  reason: string;
  /** abandoned: never answered, the kitchen stopped first (a run drawn from its trace). */
  status: 'waiting' | 'approved' | 'denied' | 'abandoned';
  by?: 'rule' | 'person' | 'timeout' | 'stop' | 'nobody';
  answerReason?: string;
}
export interface SamplingEntry {
  kind: 'sampling';
  requestId: string;
  callId?: string;
  server: string;
  costCents: number;
  maxTokens: number;
  estimatedInputTokens: number;
  treeTokensLeft: number;
  status: 'waiting' | 'answered' | 'denied' | 'failed' | 'abandoned';
  reason?: string;
  inputTokens?: number;
  outputTokens?: number;
  chargedCents?: number;
  systemPrompt?: string;
  messages?: Array<{ role: string; content: unknown }>;
}
export interface ElicitationEntry {
  kind: 'elicitation';
  requestId: string;
  callId?: string;
  server: string;
  message: string;
  schema: Record<string, unknown>;
  url?: string;
  status: 'waiting' | 'accept' | 'decline' | 'cancel' | 'abandoned';
  content?: Record<string, unknown>;
}
export type QuestionEntry = (ApprovalEntry | SamplingEntry | ElicitationEntry) & { askedAt?: number };
/** A resource-updated notice is a log entry at level "updated" whose text is the URI. */
export interface LogEntry {
  kind: 'log';
  server: string;
  level: string;
  logger?: string;
  text: string;
}
export type LaneEntry = IterationEntry | TextEntry | ToolEntry | QuestionEntry | LogEntry;

export interface Lane {
  id: string;
  name: string;
  parent?: string;
  depth: number;
  task: string;
  status: 'running' | 'ended';
  iteration: number;
  iterations: number;
  toolCalls: number;
  tokens: number;
  costCents: number;
  stopReason?: LoopStopReason;
  /** aborted only: who or what stopped it, as the host recorded it. */
  stoppedBy?: string;
  finalText?: string;
  waiting: number;
  /** Time a person was waited for in this lane: overlapping questions counted once. */
  waitedMs: number;
  waitingSince?: number;
  hiredBy?: { lane: string; callId: string };
  entries: LaneEntry[];
  calls: Map<string, ToolEntry>;
}

export interface RunView {
  lanes: Lane[];
  laneById: Map<string, Lane>;
  questions: Map<string, QuestionEntry>;
  treeTokens: number;
  costCents: number;
  samplingCents: number;
  startedAt?: number;
  lastAt?: number;
  done?: DoneEvent;
  /**
   * Time a person was waited for in the whole run: the union of the spans when some question of
   * any lane was open, so two lanes waiting at once count once (lanes' own times may overlap).
   */
  waitedMs: number;
  /** Questions open in the whole run, and since when one has been. */
  waiting: number;
  waitingSince?: number;
}

/**
 * What one event changed, so a view can update only that: the lane (its header at least), and
 * the entry that was added or changed in it, if any. A question about a tool call the lane shows
 * (approval, sampling, elicitation) sits in that call's entry, between the call and its result,
 * so its change is a change of the call's entry.
 * `also`: another lane's entry that changed with it (the spawn_agent call that hired a new lane).
 */
export interface Change {
  lane?: Lane;
  entry?: LaneEntry;
  laneCreated: boolean;
  entryCreated: boolean;
  also?: { lane: Lane; entry: LaneEntry };
}

export function createRunView(): RunView {
  return {
    lanes: [],
    laneById: new Map(),
    questions: new Map(),
    treeTokens: 0,
    costCents: 0,
    samplingCents: 0,
    waitedMs: 0,
    waiting: 0,
  };
}

/**
 * Applies one event to the view, in place (a run has hundreds of events; copying every lane
 * for each of them is waste), and says what changed.
 */
export function applyEvent(view: RunView, event: LoopEvent): Change {
  view.startedAt ??= event.at;
  view.lastAt = event.at;
  if (event.type === 'done') {
    view.done = event;
    closeRunWait(view, event.at);
    return { laneCreated: false, entryCreated: false };
  }
  const laneCreated = !view.laneById.has(event.agent);
  const lane = laneFor(view, event.agent);
  const added = (entry: LaneEntry): Change => {
    lane.entries.push(entry);
    return { lane, entry, laneCreated, entryCreated: true };
  };
  const changed = (entry: LaneEntry | undefined): Change =>
    entry === undefined
      ? { lane, laneCreated, entryCreated: false }
      : { lane, entry, laneCreated, entryCreated: false };
  const callOf = (entry: QuestionEntry): ToolEntry | undefined =>
    entry.callId === undefined ? undefined : lane.calls.get(entry.callId);
  const place = (entry: QuestionEntry): Change => {
    const call = callOf(entry);
    if (call === undefined) return added(entry);
    call.questions.push(entry);
    return changed(call);
  };
  const ask = (entry: QuestionEntry): Change => {
    entry.askedAt = event.at;
    view.questions.set(entry.requestId, entry);
    // Waiting time is wall time a person was waited for: questions open at once count once.
    if (lane.waiting === 0) lane.waitingSince = event.at;
    lane.waiting += 1;
    if (view.waiting === 0) view.waitingSince = event.at;
    view.waiting += 1;
    const call = callOf(entry);
    if (call !== undefined) {
      if ((call.openQuestions ?? 0) === 0) call.waitingSince = event.at;
      call.openQuestions = (call.openQuestions ?? 0) + 1;
    }
    return place(entry);
  };
  const settle = (entry: QuestionEntry): Change => {
    const call = callOf(entry);
    return changed(call?.questions.includes(entry) ? call : entry);
  };
  const stopWaiting = (entry: QuestionEntry) => {
    if (entry.status !== 'waiting') return;
    lane.waiting = Math.max(0, lane.waiting - 1);
    // Time a person took is shown apart from the tool's own time; overlapping questions once.
    const since = (start: number | undefined) => Math.max(0, event.at - (start ?? entry.askedAt ?? event.at));
    if (lane.waiting === 0) lane.waitedMs += since(lane.waitingSince);
    view.waiting = Math.max(0, view.waiting - 1);
    if (view.waiting === 0) view.waitedMs += since(view.waitingSince);
    const call = callOf(entry);
    if (call !== undefined) {
      call.openQuestions = Math.max(0, (call.openQuestions ?? 1) - 1);
      if (call.openQuestions === 0) call.waitedMs += since(call.waitingSince);
    }
  };

  // biome-ignore lint/nursery/useExhaustiveSwitchCases: `done` returned above, before a lane was made for it
  switch (event.type) {
    case 'agent-start':
      lane.name = event.name;
      lane.depth = event.depth;
      lane.task = event.task;
      if (event.parent !== undefined) lane.parent = event.parent;
      return { ...changed(undefined), ...linkToHire(view, lane) };
    case 'iteration-start':
      lane.iteration = event.iteration;
      return added({ kind: 'iteration', iteration: event.iteration });
    case 'text':
      return cleanDisplayText(event.text).trim() === ''
        ? changed(undefined)
        : added({ kind: 'text', text: event.text });
    case 'usage':
      lane.tokens += event.inputTokens + event.outputTokens;
      lane.costCents += event.costCents;
      view.costCents += event.costCents;
      view.treeTokens = Math.max(view.treeTokens, event.treeTokens);
      return changed(undefined);
    case 'tool-call': {
      const entry: ToolEntry = {
        kind: 'tool',
        callId: event.callId,
        tool: event.tool,
        ...(event.serverTool === undefined ? {} : { serverTool: event.serverTool }),
        server: event.server,
        input: event.input,
        questions: [],
        waitedMs: 0,
      };
      lane.calls.set(event.callId, entry);
      lane.toolCalls += 1;
      return added(entry);
    }
    case 'progress': {
      const entry = lane.calls.get(event.callId);
      if (entry === undefined) return changed(undefined);
      entry.progress = {
        progress: event.progress,
        ...(event.total === undefined ? {} : { total: event.total }),
        ...(event.message === undefined ? {} : { message: event.message }),
      };
      return changed(entry);
    }
    case 'task-status': {
      // A task's status is shown where a call's progress is.
      const entry = lane.calls.get(event.callId);
      if (entry === undefined) return changed(undefined);
      entry.progress = {
        progress: entry.progress?.progress ?? 0,
        message: `task ${event.status}${event.statusMessage ? `: ${event.statusMessage}` : ''}`,
      };
      return changed(entry);
    }
    case 'tool-result': {
      const result = {
        isError: event.isError,
        content: event.content,
        durationMs: event.durationMs,
        ...(event.attachments === undefined ? {} : { attachments: event.attachments }),
        ...(event.app === undefined ? {} : { app: { ...event.app, agent: event.agent } }),
      };
      const entry = lane.calls.get(event.callId);
      if (entry !== undefined) {
        entry.result = result;
        return changed(entry);
      }
      return added({
        kind: 'tool',
        callId: event.callId,
        tool: event.tool,
        server: event.server,
        input: {},
        result,
        questions: [],
        waitedMs: 0,
      });
    }
    case 'approval-request': {
      const entry: ApprovalEntry = {
        kind: 'approval',
        requestId: event.requestId,
        ...(event.callId === undefined ? {} : { callId: event.callId }),
        tool: event.tool,
        server: event.server,
        input: event.input,
        reason: event.reason,
        status: 'waiting',
      };
      return ask(entry);
    }
    case 'approval-response': {
      const asked = view.questions.get(event.requestId);
      if (asked?.kind === 'approval') {
        stopWaiting(asked);
        asked.status = event.decision;
        asked.by = event.by;
        if (event.reason !== undefined) asked.answerReason = event.reason;
        return settle(asked);
      }
      // Approvals by rule happen on every call; only a refusal is worth a line in the lane.
      if (event.decision === 'approved') return changed(undefined);
      return place({
        kind: 'approval',
        requestId: event.requestId,
        ...(event.callId === undefined ? {} : { callId: event.callId }),
        tool: event.tool,
        server: lane.calls.get(event.callId ?? '')?.server ?? '',
        input: lane.calls.get(event.callId ?? '')?.input ?? {},
        reason: '',
        status: 'denied',
        by: event.by,
        ...(event.reason === undefined ? {} : { answerReason: event.reason }),
      });
    }
    case 'sampling-request': {
      const entry: SamplingEntry = {
        kind: 'sampling',
        requestId: event.requestId,
        ...(event.callId === undefined ? {} : { callId: event.callId }),
        server: event.server,
        costCents: event.costCents,
        maxTokens: event.maxTokens,
        estimatedInputTokens: event.estimatedInputTokens,
        treeTokensLeft: event.treeTokensLeft,
        status: 'waiting',
        ...(event.request?.systemPrompt === undefined ? {} : { systemPrompt: event.request.systemPrompt }),
        ...(event.request === undefined ? {} : { messages: event.request.messages }),
      };
      return ask(entry);
    }
    case 'sampling-response': {
      const asked = view.questions.get(event.requestId);
      if (asked?.kind !== 'sampling') return changed(undefined);
      stopWaiting(asked);
      view.samplingCents += event.costCents;
      asked.status = event.outcome;
      asked.inputTokens = event.inputTokens;
      asked.outputTokens = event.outputTokens;
      asked.chargedCents = event.costCents;
      if (event.reason !== undefined) asked.reason = event.reason;
      return settle(asked);
    }
    case 'elicitation-request': {
      const entry: ElicitationEntry = {
        kind: 'elicitation',
        requestId: event.requestId,
        ...(event.callId === undefined ? {} : { callId: event.callId }),
        server: event.server,
        message: event.message,
        schema: event.schema,
        ...(event.url === undefined ? {} : { url: event.url }),
        status: 'waiting',
      };
      return ask(entry);
    }
    case 'elicitation-response': {
      const asked = view.questions.get(event.requestId);
      if (asked?.kind !== 'elicitation') return changed(undefined);
      stopWaiting(asked);
      asked.status = event.action;
      if (event.content !== undefined) asked.content = event.content;
      return settle(asked);
    }
    case 'server-log':
      return added({
        kind: 'log',
        server: event.server,
        level: event.level,
        ...(event.logger === undefined ? {} : { logger: event.logger }),
        text: event.text,
      });
    case 'resource-updated':
      return added({ kind: 'log', server: event.server, level: 'updated', text: event.uri });
    case 'model-retry':
      return added({
        kind: 'log',
        server: event.model,
        level: 'retry',
        text: `${event.reason}, retry ${event.attempt} of ${event.maxRetries} in ${formatDuration(event.delayMs)}`,
      });
    case 'tool-retry':
      return added({
        kind: 'log',
        server: event.server,
        level: 'retry',
        text: `${event.tool} sent again${event.newSession ? ' on a new session' : ''} (retry ${event.attempt}): ${event.reason}`,
      });
    case 'agent-end':
      lane.status = 'ended';
      lane.iterations = event.iterations;
      lane.toolCalls = event.toolCalls;
      lane.tokens = event.tokens;
      lane.costCents = event.costCents;
      lane.stopReason = event.stopReason;
      if (event.stoppedBy !== undefined) lane.stoppedBy = event.stoppedBy;
      lane.finalText = event.finalText;
      lane.waiting = 0;
      return changed(undefined);
  }
}

/**
 * Links a worker's lane and the spawn_agent call that hired it, both ways: the call whose task
 * the worker's brief starts with, among its parent's calls not yet linked.
 */
function linkToHire(view: RunView, lane: Lane): { also?: { lane: Lane; entry: LaneEntry } } {
  const parent = lane.parent === undefined ? undefined : view.laneById.get(lane.parent);
  if (parent === undefined) return {};
  for (const call of parent.calls.values()) {
    const task = call.input['task'];
    if (call.tool !== 'spawn_agent' || call.worker !== undefined || typeof task !== 'string') continue;
    if (!lane.task.startsWith(task.trim())) continue;
    call.worker = lane.id;
    lane.hiredBy = { lane: parent.id, callId: call.callId };
    return { also: { lane: parent, entry: call } };
  }
  return {};
}

/** The run ended with questions still open (never answered): the wait ends with it. */
function closeRunWait(view: RunView, at: number): void {
  if (view.waiting === 0) return;
  view.waitedMs += Math.max(0, at - (view.waitingSince ?? at));
  view.waiting = 0;
}

export function foldEvents(events: readonly LoopEvent[]): RunView {
  const view = createRunView();
  for (const event of events) applyEvent(view, event);
  return view;
}

function laneFor(view: RunView, agent: string): Lane {
  const known = view.laneById.get(agent);
  if (known !== undefined) return known;
  const lane: Lane = {
    id: agent,
    name: agent,
    depth: agent === ROOT_AGENT ? 0 : 1,
    task: '',
    status: 'running',
    iteration: 0,
    iterations: 0,
    toolCalls: 0,
    tokens: 0,
    costCents: 0,
    waiting: 0,
    waitedMs: 0,
    entries: [],
    calls: new Map(),
  };
  view.laneById.set(agent, lane);
  // The main lane stays first whatever order the events arrive in; workers follow as hired.
  if (agent === ROOT_AGENT) view.lanes.unshift(lane);
  else view.lanes.push(lane);
  return lane;
}
