// Draws the live board: a heading with the run's totals, then one row per agent, each worker
// indented under its parent, every line cut to the terminal's width. App side, pure.

import { formatCents, formatDuration, formatTokens } from '@kitchen/host';
import { cleanText } from '@kitchen/runtime/text/clean-text';
import { displayWidth, fitSegments, type Segment } from './display-width.js';
import type { LaneRow, LaneState } from './lane-board.js';
import type { Colour } from './paint.js';

const SPINNER = ['⠋', '⠙', '⠹', '⠸', '⠼', '⠴', '⠦', '⠧', '⠇', '⠏'];
/** Widest the lane names' column gets; longer names are cut. */
const NAME_COLUMN_MAX = 24;
/** Widest the state column gets; narrower when every lane's state is short ("done"). */
const STATE_COLUMN_MAX = 16;

export interface BoardView {
  /** Columns of the terminal; every line stays strictly narrower, so none wraps. */
  columns: number;
  /** Lines the board may take, heading included. */
  maxLines: number;
  color: boolean;
  /** Advances the spinner of running lanes. */
  frame: number;
  elapsedMs: number;
}

export function renderBoard(rows: readonly LaneRow[], view: BoardView): string[] {
  const width = Math.max(1, view.columns - 1);
  const running = rows.filter((row) => row.state.kind !== 'ended').length;
  const calls = rows.reduce((sum, row) => sum + row.callsDone, 0);
  const tokens = rows.reduce((sum, row) => sum + row.tokens, 0);
  const cents = rows.reduce((sum, row) => sum + row.costCents, 0);
  const heading = fitSegments(
    [
      [
        `── ${rows.length} ${rows.length === 1 ? 'lane' : 'lanes'}${running === 0 ? '' : ` (${running} running)`} · ` +
          `${plural(calls, 'tool call')} · ${formatTokens(tokens)} tokens · ${formatCents(cents)} · ` +
          `${formatDuration(view.elapsedMs)} ──`,
        'dim',
      ],
    ],
    width,
    view.color,
  );
  const shown = fitRows(rows, Math.max(1, view.maxLines - 1));
  const nameColumn = Math.min(
    NAME_COLUMN_MAX,
    Math.max(...shown.rows.map((row) => displayWidth(indent(row) + label(row)))),
  );
  const stateColumn = Math.min(STATE_COLUMN_MAX, Math.max(...shown.rows.map((row) => stateWords(row.state).length)));
  const lines = shown.rows.map((row) =>
    fitSegments(rowSegments(row, { name: nameColumn, state: stateColumn }, view), width, view.color),
  );
  if (shown.hidden > 0)
    lines.push(
      fitSegments([[`  … ${shown.hidden} more ${shown.hidden === 1 ? 'lane' : 'lanes'}`, 'dim']], width, view.color),
    );
  return [heading, ...lines];
}

function rowSegments(row: LaneRow, columns: { name: number; state: number }, view: BoardView): Segment[] {
  const name = fitSegments([[indent(row) + label(row)]], columns.name, false);
  const [icon, colour] = stateIcon(row.state, view.frame);
  const running = row.callsRunning === 0 ? '' : ` +${row.callsRunning} running`;
  return [
    [`${icon} `, colour],
    [name.padEnd(columns.name + name.length - displayWidth(name)), 'bold'],
    ['  '],
    [stateWords(row.state).padEnd(columns.state), colour],
    [`  iter ${row.iteration}  ${plural(row.callsDone, 'call')}`],
    [running, 'cyan'],
    [`  ${formatTokens(row.tokens)} tokens  ${formatCents(row.costCents)}`, 'dim'],
  ];
}

function stateIcon(state: LaneState, frame: number): [string, Colour | undefined] {
  switch (state.kind) {
    case 'thinking':
    case 'tools':
      return [SPINNER[frame % SPINNER.length] ?? '-', 'cyan'];
    case 'waiting':
      return ['?', 'yellow'];
    case 'ended':
      if (state.stopReason === 'end_turn') return ['✓', 'green'];
      return state.stopReason === 'error' ? ['✗', 'red'] : ['!', 'yellow'];
  }
}

function stateWords(state: LaneState): string {
  switch (state.kind) {
    case 'thinking':
      return 'thinking';
    case 'tools':
      return state.progress ?? 'running tools';
    case 'waiting':
      return `waiting: ${state.on}`;
    case 'ended':
      return state.stopReason === 'end_turn' ? 'done' : `stopped: ${state.stopReason}`;
  }
}

/** Every row when they fit; otherwise the running ones first, finished workers left out and counted. */
function fitRows(rows: readonly LaneRow[], room: number): { rows: LaneRow[]; hidden: number } {
  if (rows.length <= room) return { rows: [...rows], hidden: 0 };
  const keep = new Set<LaneRow>();
  const wanted = [
    ...rows.filter((row) => row.depth === 0),
    ...rows.filter((row) => row.depth > 0 && row.state.kind !== 'ended'),
    ...rows.filter((row) => row.depth > 0 && row.state.kind === 'ended'),
  ];
  // One line is kept for "… N more lanes".
  for (const row of wanted.slice(0, Math.max(1, room - 1))) keep.add(row);
  return { rows: rows.filter((row) => keep.has(row)), hidden: rows.length - keep.size };
}

function indent(row: LaneRow): string {
  return '  '.repeat(row.depth);
}

function label(row: LaneRow): string {
  const name = cleanText(row.name);
  return row.depth === 0 ? name : `#${cleanText(row.agent)} ${name}`;
}

function plural(count: number, word: string): string {
  return `${formatTokens(count)} ${count === 1 ? word : `${word}s`}`;
}
