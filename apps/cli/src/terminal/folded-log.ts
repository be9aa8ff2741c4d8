// The readable log of a run: a turn's calls to one tool told in one line
// ("→ cookie-jars.inspect_jar ×20 (id 1–20)"), and likewise their results, the approvals they
// needed and the answers, failures grouped by what they said. App side; --verbose prints every
// event on its own line instead.

import type { LoopEvent } from '@kitchen/host';
import { cleanText, shortenLine } from '@kitchen/runtime/text/clean-text';
import { paint } from './paint.js';
import { summariseArguments } from './summarise-arguments.js';
import type { TerminalRenderer } from './terminal-renderer.js';

type ToolCallEvent = Extract<LoopEvent, { type: 'tool-call' }>;
type ToolResultEvent = Extract<LoopEvent, { type: 'tool-result' }>;
type ApprovalRequestEvent = Extract<LoopEvent, { type: 'approval-request' }>;
type ApprovalResponseEvent = Extract<LoopEvent, { type: 'approval-response' }>;
type Foldable = ToolCallEvent | ToolResultEvent | ApprovalRequestEvent | ApprovalResponseEvent;

/** A lane's events still waiting to be folded are written after this much quiet. */
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
  const { renderer } = options;
  const pending = new Map<string, Foldable[]>();
  const inputs = new Map<string, Record<string, unknown>>();
  /** Calls a person was asked about. */
  const asked = new Set<string>();
  let quiet: ReturnType<typeof setTimeout> | undefined;

  const writeEvent = (event: LoopEvent) => {
    if (options.shownElsewhere?.has(event.type)) return;
    const text = renderer.render(event);
    if (text !== undefined) options.write(text);
  };
  const flushLane = (lane: string) => {
    const batch = pending.get(lane);
    if (batch === undefined) return;
    pending.delete(lane);
    for (const line of fold(batch)) options.write(line);
    for (const event of batch) {
      if (event.type !== 'tool-result') continue;
      inputs.delete(event.callId);
      asked.delete(event.callId);
    }
  };
  const flushAll = () => {
    for (const lane of [...pending.keys()]) flushLane(lane);
  };
  const keep = (event: Foldable) => {
    const batch = pending.get(event.agent);
    if (batch !== undefined && batch[0]?.type !== event.type) flushLane(event.agent);
    pending.set(event.agent, [...(pending.get(event.agent) ?? []), event]);
    if (quiet !== undefined) clearTimeout(quiet);
    // A call that never returns must still be told: a quiet lane shows what it waits on.
    quiet = setTimeout(flushAll, QUIET_FLUSH_MS);
    quiet.unref?.();
  };

  const argumentsOf = (events: readonly Foldable[]) => {
    const summary = summariseArguments(
      events.map((event) =>
        event.type === 'tool-call' || event.type === 'approval-request'
          ? event.input
          : (inputs.get(event.callId ?? '') ?? {}),
      ),
    );
    return summary === '' ? '' : `(${shortenLine(summary, Math.max(20, options.width / 2))})`;
  };

  /** One line per group of alike events: the event's own line when alone. */
  const fold = (batch: readonly Foldable[]): string[] => {
    // A result that carried an image, audio or a link is told on the board too: its lines are for the person.
    const shown = batch.filter(
      (event) =>
        event.type !== 'tool-result' ||
        options.tellCalls ||
        event.isError ||
        asked.has(event.callId) ||
        (event.attachments ?? []).some((part) => part.kind !== 'structured'),
    );
    return groupBy(shown, sameAs).flatMap((group) => {
      const line = group.length === 1 ? renderer.render(group[0] as Foldable) : foldedLine(group);
      return line === undefined ? [] : [line];
    });
  };

  /** Two or more alike events in one line, with how many and their arguments. */
  const foldedLine = (group: readonly Foldable[]): string => {
    const [first] = group as [Foldable];
    const lane = renderer.lane(first.agent);
    const times = `×${group.length} ${argumentsOf(group)}`;
    switch (first.type) {
      case 'tool-call':
        return `${paint('cyan', `${lane}→ ${renderer.toolName(first.server, first.tool)} ×${group.length}`, options.color)} ${argumentsOf(group)}`;
      case 'tool-result': {
        const tool = shortenLine(first.tool, 60);
        if (first.isError) {
          const head = `${lane}✗ ${tool} failed ${times}: `;
          return paint(
            'red',
            head + shortenLine(first.content, Math.max(20, options.width - head.length)),
            options.color,
          );
        }
        const cut = group.filter((event) => event.type === 'tool-result' && event.omittedChars !== undefined).length;
        const note = cut === 0 ? '' : ` (${cut} cut short for the model by --max-result-chars)`;
        return `${lane}← ${tool} ${times}${paint('dim', note, options.color)}`;
      }
      case 'approval-request':
        return (
          `${lane}${paint('yellow', `✋ approval needed: ${renderer.toolName(first.server, first.tool)} ${times}`, options.color)}` +
          ` — ${shortenLine(first.reason, options.width)}`
        );
      case 'approval-response': {
        // The answer's own line, its tool named once with how many calls it answered.
        const line = renderer.render(first) ?? '';
        const tool = cleanText(first.tool);
        const at = line.indexOf(tool, lane.length);
        return at < 0 ? `${line} ${times}` : `${line.slice(0, at)}${tool} ${times}${line.slice(at + tool.length)}`;
      }
    }
  };

  return {
    push(event) {
      if (event.type === 'tool-call') inputs.set(event.callId, event.input);
      if (event.type === 'approval-request' && event.callId !== undefined) asked.add(event.callId);
      if (isFoldable(event, options)) {
        if (event.type !== 'tool-call' || options.tellCalls) keep(event as Foldable);
        return;
      }
      if (event.type === 'tool-call' && !options.tellCalls) return;
      if (FLUSH_ALL.has(event.type)) flushAll();
      else if (!ALONGSIDE.has(event.type) || pending.get(event.agent)?.[0]?.type !== 'tool-result')
        flushLane(event.agent);
      writeEvent(event);
    },
    flush() {
      if (quiet !== undefined) clearTimeout(quiet);
      flushAll();
    },
  };
}

/** Calls and results of a server's tools, approvals asked in the log, answers a person gave. */
function isFoldable(event: LoopEvent, options: FoldedLogOptions): boolean {
  switch (event.type) {
    case 'tool-call':
    case 'tool-result':
      return event.server !== 'local';
    case 'approval-request':
      // A request an interactive prompt is about to ask is not folded: the prompt needs it shown.
      return options.shownElsewhere?.has('approval-request') !== true;
    case 'approval-response':
      return event.by !== 'rule';
    default:
      return false;
  }
}

/** Events told in one line: the same tool, and for failures and answers the same words. */
function sameAs(event: Foldable): string {
  const tool = `${event.type}\u0000${event.server}\u0000${event.tool}`;
  switch (event.type) {
    case 'tool-call':
      return tool;
    case 'tool-result':
      return `${tool}\u0000${event.isError ? event.content : ''}`;
    case 'approval-request':
      return `${tool}\u0000${event.reason}`;
    case 'approval-response':
      return `${tool}\u0000${event.decision}\u0000${event.by}\u0000${event.reason ?? ''}`;
  }
}

function groupBy<Item>(items: readonly Item[], keyOf: (item: Item) => string): Item[][] {
  const groups = new Map<string, Item[]>();
  for (const item of items) groups.set(keyOf(item), [...(groups.get(keyOf(item)) ?? []), item]);
  return [...groups.values()];
}
