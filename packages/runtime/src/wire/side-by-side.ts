// Writes one request's wire exchanges, one per protocol revision, as text a person reads: numbered
// steps aligned by meaning, two columns when the terminal is wide enough, one era after the other
// otherwise, with the host's own part (price, approval, budget) between the server's question and
// the host's answer. Runtime side: wording only, over recorded data.

import { formatCents, type LoopEvent, type WireRecord } from '@kitchen/host';
import type { EraRecording } from './era-recording.js';
import { readableJson } from './readable-json.js';
import { isAnswerToServer, methodOf, WIRE_STEPS, type WireStepName, wireSteps } from './wire-steps.js';

/** Narrower than this, a column cannot hold a header line: the eras go one after the other. */
export const MIN_COLUMN = 56;
const GUTTER = ' │ ';

export interface SideBySideOptions {
  /** The terminal's width in characters. */
  width: number;
  /** Only these steps (numbered as in the whole exchange); every step by default. */
  only?: readonly WireStepName[];
}

const HEADER_NAMES: Record<string, string> = {
  'mcp-session-id': 'Mcp-Session-Id',
  'mcp-protocol-version': 'MCP-Protocol-Version',
  'mcp-method': 'Mcp-Method',
  'mcp-name': 'Mcp-Name',
  'last-event-id': 'Last-Event-ID',
};

const ERA_NOTES: Record<string, string> = {
  '2025-11-25': 'a session; the server pushes its questions',
  '2026-07-28': 'no session; the server returns input_required',
};

/** The whole comparison, as lines without trailing newlines. */
export function renderSideBySide(recordings: readonly EraRecording[], options: SideBySideOptions): string[] {
  const first = recordings[0];
  if (first === undefined) return [];
  const twoColumns = recordings.length === 2 && options.width >= 2 * MIN_COLUMN + GUTTER.length;
  const column = twoColumns ? Math.floor((options.width - GUTTER.length) / 2) : Math.max(options.width, MIN_COLUMN);
  const lines = [
    `${first.server} ${first.tool} ${JSON.stringify(first.input)}, once per protocol revision.`,
    'Bodies trimmed: {…} is an object left out ({…a,b} one named by its keys), … a cut string;',
    '"jsonrpc":"2.0" is on every message and left out. --json prints every record whole.',
    '',
  ];
  const perEra = recordings.map((recording) => eraSteps(recording, column));
  const present = WIRE_STEPS.filter((step) => perEra.some((steps) => (steps.get(step.name) ?? []).length > 0)).map(
    (step, index) => ({ ...step, number: index + 1 }),
  );
  const shown = present.filter((step) => options.only === undefined || options.only.includes(step.name));
  const headings = recordings.map((recording) => `${recording.era} — ${ERA_NOTES[recording.era] ?? ''}`);
  if (twoColumns) {
    lines.push(
      ...zip(
        headings.map((heading) => [heading]),
        column,
      ),
    );
    for (const step of shown) {
      lines.push(rule(`${step.number}. ${step.title}`, options.width));
      lines.push(
        ...zip(
          perEra.map((steps) => steps.get(step.name) ?? [nothing(step.name)]),
          column,
        ),
      );
    }
    lines.push(rule('', options.width));
    lines.push(
      ...zip(
        recordings.map((recording) => totals(recording, column)),
        column,
      ),
    );
    return lines;
  }
  recordings.forEach((recording, era) => {
    lines.push(rule(headings[era] ?? '', column));
    for (const step of shown) {
      lines.push(`${step.number}. ${step.title}`);
      lines.push(...(perEra[era]?.get(step.name) ?? [nothing(step.name)]));
    }
    lines.push(...totals(recording, column), '');
  });
  return lines;
}

/** Each step's lines for one era, wrapped to the column. */
function eraSteps(recording: EraRecording, column: number): Map<WireStepName, string[]> {
  const steps = new Map<WireStepName, string[]>();
  const add = (step: WireStepName, text: string[]) => steps.set(step, [...(steps.get(step) ?? []), ...text]);
  if (recording.unavailable !== undefined) add('open', wrap(`✗ ${recording.unavailable}`, column, '  '));
  const hostLines = hostPart(recording.events);
  let hostShown = false;
  for (const { step, record } of wireSteps(recording.records)) {
    if (step === 'answer' && !hostShown) {
      hostShown = true;
      add(
        'answer',
        hostLines.flatMap((line) => wrap(line, column, '    ')),
      );
    }
    add(step, describe(record, step, column));
  }
  if (!hostShown && hostLines.length > 0)
    add(
      'answer',
      hostLines.flatMap((line) => wrap(line, column, '    ')),
    );
  return steps;
}

function describe(record: WireRecord, step: WireStepName, column: number): string[] {
  const headerLine = (headers: Record<string, string>) =>
    Object.entries(headers)
      .filter(([name]) => name !== 'content-type')
      .map(([name, value]) => `${HEADER_NAMES[name] ?? name}: ${name === 'mcp-session-id' ? shortId(value) : value}`);
  switch (record.kind) {
    case 'request': {
      const what =
        record.method === 'GET'
          ? ' (a stream for messages outside any call)'
          : record.method === 'DELETE'
            ? ' (end the session)'
            : isAnswerToServer(record.body)
              ? ' (the answer to the server)'
              : ` ${methodOf(record.body) ?? ''}`;
      const headers = headerLine(record.headers);
      // The host's other requests on connecting are listed, not spelled out.
      if (step === 'other') return wrap(`→ ${record.method}${what}`, column, '    ');
      return [
        ...wrap(`→ ${record.method}${what}`, column, '    '),
        ...(headers.length === 0 ? [] : wrap(`  ${headers.join('  ')}`, column, '    ')),
        ...(record.body === undefined ? [] : wrap(`  ${readableJson(record.body)}`, column, '    ')),
      ];
    }
    case 'response': {
      if (record.status === 0) return wrap(`← no response: ${record.error ?? ''}`, column, '    ');
      const type = record.headers['content-type'];
      const headers = headerLine(record.headers);
      const head = `← ${record.status}${type === undefined ? '' : ` ${type}`}${headers.length === 0 ? '' : `  ${headers.join('  ')}`}`;
      if (step === 'other') return [];
      return [
        ...wrap(head, column, '    '),
        ...(record.body === undefined ? [] : wrap(`  ${readableJson(record.body)}`, column, '    ')),
      ];
    }
    case 'event':
      if (record.data === undefined || step === 'other') return [];
      return wrap(`  ⇠ ${readableJson(record.data)}`, column, '      ');
  }
}

/** What the host did between the question and its answer, from its own events (never on the wire). */
function hostPart(events: readonly LoopEvent[]): string[] {
  return events.flatMap((event) => {
    switch (event.type) {
      case 'sampling-request':
        return [
          `host: prices the model call at ${formatCents(event.costCents)} at most (up to ${event.maxTokens} output tokens) and puts it to the gate`,
        ];
      case 'sampling-response':
        return event.outcome === 'answered'
          ? [
              `host: ${decidedBy('approved', event.by)}; its own model answers; ${event.inputTokens + event.outputTokens} tokens (${formatCents(event.costCents)}) charged to the tree budget`,
            ]
          : [`host: ${decidedBy(event.outcome, event.by)}: ${event.reason ?? ''}`];
      case 'elicitation-request':
        return [`host: puts the form to the person: ${JSON.stringify(event.message)}`];
      case 'elicitation-response':
        return [
          `host: ${event.by === 'person' ? 'the person answers' : `answered for the person (${event.by ?? 'no one to ask'})`} ${event.action}${event.content ? ` ${JSON.stringify(event.content)}` : ''}`,
        ];
      default:
        return [];
    }
  });
}

function decidedBy(outcome: string, by: string | undefined): string {
  if (by === 'rule') return `${outcome} by the host's rule`;
  if (by === 'person') return `${outcome} by the person`;
  return by === undefined ? outcome : `${outcome} (${by})`;
}

function totals(recording: EraRecording, column: number): string[] {
  const requests = recording.records.filter((record) => record.kind === 'request');
  const events = recording.records.filter((record) => record.kind === 'event' && record.data !== undefined);
  const session = recording.records.some((record) => record.kind !== 'event' && 'mcp-session-id' in record.headers);
  const result = `tool result${recording.outcome?.isError ? ' (error)' : ''}: `;
  const outcome = recording.outcome === undefined ? 'none' : oneLine(recording.outcome.content, column - result.length);
  return [
    ...wrap(
      `${plural(requests.length, 'HTTP request')}, ${plural(events.length, 'SSE message')}, ${session ? 'one session' : 'no session'}`,
      column,
      '  ',
    ),
    `${result}${outcome}`,
  ];
}

function plural(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? '' : 's'}`;
}

function nothing(step: WireStepName): string {
  if (step === 'close') return '(no session to close)';
  if (step === 'open') return '(nothing)';
  return '(nothing on the wire)';
}

function zip(columns: readonly string[][], width: number): string[] {
  const height = Math.max(...columns.map((lines) => lines.length));
  const rows: string[] = [];
  for (let row = 0; row < height; row += 1) {
    const cells = columns.map((lines) => lines[row] ?? '');
    rows.push(
      cells
        .map((cell, index) => (index === cells.length - 1 ? cell : pad(cell, width)))
        .join(GUTTER)
        .trimEnd(),
    );
  }
  return rows;
}

function rule(title: string, width: number): string {
  const head = title === '' ? '' : `── ${title} `;
  return `${head}${'─'.repeat(Math.max(0, width - [...head].length))}`;
}

/**
 * Breaks a line to the width, the rest indented: after the last comma in the line's last 40%, or
 * else between two headers, or a space, or an opening brace (never inside a {…} marker), or else
 * at the width.
 */
export function wrap(text: string, width: number, indent: string): string[] {
  const lines: string[] = [];
  let chars = [...text];
  while (chars.length > width) {
    const cut = breakPoint(chars.slice(0, width + 1), width);
    lines.push(chars.slice(0, cut).join('').trimEnd());
    chars = [...indent, ...chars.slice(cut)];
  }
  lines.push(chars.join(''));
  return lines;
}

function breakPoint(chars: string[], width: number): number {
  const earliest = Math.floor(width * 0.6);
  const at = (index: number) => chars[index] ?? '';
  for (const fits of [
    (index: number) => at(index) === ',',
    // Two spaces part one header from the next: keep "Mcp-Name: critique_recipe" whole.
    (index: number) => at(index) === ' ' && at(index - 1) === ' ',
    (index: number) => at(index) === ' ',
    (index: number) => at(index) === '{' && at(index + 1) !== '…',
  ]) {
    for (let index = width - 1; index > earliest; index -= 1) if (fits(index)) return index + 1;
  }
  return width;
}

function pad(text: string, width: number): string {
  return text + ' '.repeat(Math.max(0, width - [...text].length));
}

function shortId(id: string): string {
  return id.length > 9 ? `${id.slice(0, 8)}…` : id;
}

function oneLine(text: string, width: number): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length <= width ? flat : `${flat.slice(0, width - 1)}…`;
}
