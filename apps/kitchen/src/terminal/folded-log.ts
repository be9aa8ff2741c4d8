// The readable log of a run: a turn's calls to one tool told in one line
// ("→ cookie-jars.inspect_jar ×20 (id 1–20)") and their results likewise, failures grouped by
// what they said. App side; --verbose prints every call and result on its own line instead.

import type { LoopEvent } from '@kitchen/host';

type ToolCallEvent = Extract<LoopEvent, { type: 'tool-call' }>;
type ToolResultEvent = Extract<LoopEvent, { type: 'tool-result' }>;

import { shortenLine } from './clean-text.js';
import { paint } from './paint.js';
import { summariseArguments } from './summarise-arguments.js';
import type { TerminalRenderer } from './terminal-renderer.js';

/** A lane's calls or results still waiting to be folded, flushed after this much quiet. */
const QUIET_FLUSH_MS = 3_000;

export interface FoldedLogOptions {
  renderer: TerminalRenderer;
  write: (line: string) => void;
  color: boolean;
  width: number;
  /** False on the live board, which counts calls: only local tools' results and failures are told. */
  tellCalls: boolean;
  /** Events whose own line is left out because something else shows them (an interactive prompt). */
  shownElsewhere?: ReadonlySet<LoopEvent['type']>;
}

export interface FoldedLog {
  push(event: LoopEvent): void;
  /** Writes whatever is still waiting to be folded. */
  flush(): void;
}

type Pending = { kind: 'calls'; events: ToolCallEvent[] } | { kind: 'results'; events: ToolResultEvent[] };

/** Events that may stand between a lane's calls and their results without ending the batch. */
const ALONGSIDE: ReadonlySet<LoopEvent['type']> = new Set(['server-log', 'progress', 'usage']);
/** Events that show everything waiting first: a person is about to be asked, or the run ends. */
const FLUSH_ALL: ReadonlySet<LoopEvent['type']> = new Set([
  'approval-request',
  'sampling-request',
  'elicitation-request',
  'done',
]);

export function createFoldedLog(options: FoldedLogOptions): FoldedLog {
  const pending = new Map<string, Pending>();
  const inputs = new Map<string, Record<string, unknown>>();
  /** Calls a person was asked about. */
  const asked = new Set<string>();
  let quiet: ReturnType<typeof setTimeout> | undefined;

  const writeEvent = (event: LoopEvent) => {
    if (options.shownElsewhere?.has(event.type)) return;
    const text = options.renderer.render(event);
    if (text !== undefined) options.write(text);
  };
  const flushLane = (lane: string) => {
    const batch = pending.get(lane);
    if (batch === undefined) return;
    pending.delete(lane);
    const lines = batch.kind === 'calls' ? foldCalls(batch.events) : foldResults(batch.events);
    if (batch.kind === 'results')
      for (const event of batch.events) {
        inputs.delete(event.callId);
        asked.delete(event.callId);
      }
    for (const line of lines) options.write(line);
  };
  const flushAll = () => {
    for (const lane of [...pending.keys()]) flushLane(lane);
  };
  const keep = (lane: string, event: ToolCallEvent | ToolResultEvent) => {
    const kind = event.type === 'tool-call' ? 'calls' : 'results';
    if (pending.get(lane)?.kind !== kind) flushLane(lane);
    const batch = pending.get(lane) ?? ({ kind, events: [] } as Pending);
    (batch.events as Array<typeof event>).push(event);
    pending.set(lane, batch);
    if (quiet !== undefined) clearTimeout(quiet);
    // A call that never returns must still be told: a quiet lane shows what it waits on.
    quiet = setTimeout(flushAll, QUIET_FLUSH_MS);
    quiet.unref?.();
  };

  const foldCalls = (events: ToolCallEvent[]): string[] =>
    groupBy(events, (event) => `${event.server}\u0000${event.tool}`).map((group) => {
      const [first] = group as [ToolCallEvent];
      if (group.length === 1) return options.renderer.render(first) ?? '';
      const head = `${options.renderer.lane(first.agent)}→ ${options.renderer.toolName(first.server, first.tool)} ×${group.length}`;
      return `${paint('cyan', head, options.color)} ${argumentsOf(group)}`;
    });

  const foldResults = (events: ToolResultEvent[]): string[] =>
    groupBy(
      // On the board, a call's outcome is told when it failed or when a person was asked about it.
      options.tellCalls ? events : events.filter((event) => event.isError || asked.has(event.callId)),
      (event) => `${event.server}\u0000${event.tool}\u0000${event.isError ? event.content : ''}`,
    ).flatMap((group) => {
      const [first] = group as [ToolResultEvent];
      if (group.length === 1) return [options.renderer.render(first) ?? ''];
      const lane = options.renderer.lane(first.agent);
      const tool = shortenLine(first.tool, 60);
      if (first.isError) {
        const head = `${lane}✗ ${tool} failed ×${group.length} ${argumentsOf(group)}: `;
        return [
          paint('red', head + shortenLine(first.content, Math.max(20, options.width - head.length)), options.color),
        ];
      }
      const cut = group.filter((event) => event.omittedChars !== undefined).length;
      const note = cut === 0 ? '' : ` (${cut} cut short for the model by --max-result-chars)`;
      return [`${lane}← ${tool} ×${group.length} ${argumentsOf(group)}${paint('dim', note, options.color)}`];
    });

  const argumentsOf = (group: ReadonlyArray<ToolCallEvent | ToolResultEvent>) => {
    const summary = summariseArguments(
      group.map((event) => (event.type === 'tool-call' ? event.input : (inputs.get(event.callId) ?? {}))),
    );
    return summary === '' ? '' : `(${shortenLine(summary, Math.max(20, options.width / 2))})`;
  };

  return {
    push(event) {
      const lane = event.agent;
      if ((event.type === 'tool-call' || event.type === 'tool-result') && event.server !== 'local') {
        if (event.type === 'tool-call') inputs.set(event.callId, event.input);
        if (event.type === 'tool-call' && !options.tellCalls) return;
        keep(lane, event);
        return;
      }
      if (event.type === 'tool-call' && !options.tellCalls) return;
      if (event.type === 'approval-request' && event.callId !== undefined) asked.add(event.callId);
      if (FLUSH_ALL.has(event.type)) flushAll();
      else if (!ALONGSIDE.has(event.type) || pending.get(lane)?.kind === 'calls') flushLane(lane);
      writeEvent(event);
    },
    flush() {
      if (quiet !== undefined) clearTimeout(quiet);
      flushAll();
    },
  };
}

function groupBy<Item>(items: readonly Item[], keyOf: (item: Item) => string): Item[][] {
  const groups = new Map<string, Item[]>();
  for (const item of items) groups.set(keyOf(item), [...(groups.get(keyOf(item)) ?? []), item]);
  return [...groups.values()];
}
