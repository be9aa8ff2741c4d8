// `kitchen runs`: the recorded runs in the runs folder, newest first, one line each (task, model,
// when, outcome, tokens, cost, duration, workers). Runtime side.

import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { formatCents, formatDuration, formatTokens, withDefined } from '@kitchen/host';
import { cleanText } from '../text/clean-text.js';
import { runOutcome } from './run-outcome.js';
import { parseRunTrace, type RunTrace } from './run-trace.js';

export interface RunListing {
  id: string;
  path: string;
  task: string;
  model: string;
  startedAt: number;
  /** The outcome word the CLI's exit code and the page use: done, partly done, stopped (…), failed, interrupted, unfinished. */
  outcome: string;
  /** The done event's stop reason, when the trace has an end line. */
  stopReason?: string;
  tokens: number;
  costCents: number;
  durationMs: number;
  workers: number;
  /** Set when the trace has no end line: the run was cut off (killed, or still running). */
  unfinished?: true;
  /** Set when the trace's torn last line was skipped: its number. */
  tornLastLine?: number;
}

/** Every readable trace in the folder, newest first; unreadable files are skipped. */
export function listRuns(folder: string): RunListing[] {
  if (!existsSync(folder)) return [];
  const listings: RunListing[] = [];
  for (const file of readdirSync(folder)) {
    if (!file.endsWith('.jsonl')) continue;
    const path = join(folder, file);
    try {
      listings.push(summariseRun(parseRunTrace(readFileSync(path, 'utf8'), path), path));
    } catch {
      // A half-written or foreign file is not a run to list.
    }
  }
  return listings.sort((a, b) => b.startedAt - a.startedAt);
}

export function summariseRun(trace: RunTrace, path: string): RunListing {
  const { run, end, events } = trace;
  const last = events.at(-1);
  // A trace cut off before its end line still holds what was spent: every model call's usage and
  // every sampling answer the servers were charged for.
  const spent = { tokens: 0, costCents: 0 };
  if (end === undefined)
    for (const event of events) {
      if (event.type === 'usage') spent.tokens += event.inputTokens + event.outputTokens;
      if (event.type === 'usage' || event.type === 'sampling-response') spent.costCents += event.costCents;
      if (event.type === 'sampling-response') spent.tokens += event.inputTokens + event.outputTokens;
    }
  return {
    id: run.id,
    path,
    task: run.task,
    model: run.model.id,
    startedAt: run.startedAt,
    outcome: end === undefined ? 'unfinished' : outcomeWord(end),
    tokens: end?.tokens ?? spent.tokens,
    costCents: end?.costCents ?? spent.costCents,
    durationMs: end?.durationMs ?? (last === undefined ? 0 : last.at - run.startedAt),
    workers: end?.workers ?? events.filter((event) => event.type === 'agent-start' && event.agent !== 'main').length,
    ...(end === undefined ? { unfinished: true as const } : { stopReason: end.outcome }),
    ...withDefined({ tornLastLine: trace.tornLastLine }),
  };
}

/** "done", "partly done", "stopped (budget)", "failed", "interrupted": the word the CLI and the page use. */
function outcomeWord(end: NonNullable<RunTrace['end']>): string {
  if (end.outcome === 'unfinished') return 'unfinished';
  const outcome = runOutcome({
    stopReason: end.outcome,
    ...withDefined({ failedToolCalls: end.failedToolCalls }),
  });
  return outcome === 'stopped' ? `stopped (${end.outcome})` : outcome;
}

/** Finds a run by id, a unique id prefix, `last`, or a path to a trace file. */
export function findRun(folder: string, which: string): { ok: true; path: string } | { ok: false; message: string } {
  if (which.endsWith('.jsonl') && existsSync(which)) return { ok: true, path: which };
  const runs = listRuns(folder);
  if (which === 'last') {
    const newest = runs[0];
    return newest === undefined
      ? { ok: false, message: `no recorded runs in ${folder}; run kitchen demo first` }
      : { ok: true, path: newest.path };
  }
  const matches = runs.filter((run) => run.id === which || run.id.startsWith(which));
  if (matches.length === 1 && matches[0] !== undefined) return { ok: true, path: matches[0].path };
  if (matches.length === 0) return { ok: false, message: `no run "${which}" in ${folder}; kitchen runs lists them` };
  return {
    ok: false,
    message: `"${which}" matches ${matches.length} runs; give more of the id (kitchen runs lists them)`,
  };
}

/** The table `kitchen runs` prints. */
export function renderRunList(runs: readonly RunListing[], folder: string): string {
  if (runs.length === 0) return `No recorded runs in ${folder} yet: every kitchen demo, run and web run records one.\n`;
  // A trace is a file anyone could have written, and its task may hold a server's text: cleaned.
  const rows = runs.map((run) => [
    cleanText(run.id),
    new Date(run.startedAt).toISOString().replace('T', ' ').slice(0, 19),
    cleanText(run.model),
    cleanText(run.outcome),
    formatTokens(run.tokens),
    formatCents(run.costCents),
    formatDuration(run.durationMs),
    String(run.workers),
    shorten(cleanText(run.task), 48),
  ]);
  const header = ['RUN', 'WHEN (UTC)', 'MODEL', 'OUTCOME', 'TOKENS', 'COST', 'TIME', 'WORKERS', 'TASK'];
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => row[column]?.length ?? 0)));
  const line = (cells: string[]) =>
    cells
      .map((cell, column) => (column === cells.length - 1 ? cell : cell.padEnd(widths[column] ?? 0)))
      .join('  ')
      .trimEnd();
  return `${[line(header), ...rows.map(line)].join('\n')}\n${runs.length} run${runs.length === 1 ? '' : 's'} in ${folder}\n`;
}

function shorten(text: string, length: number): string {
  const oneLine = text.replace(/\s+/g, ' ').trim();
  return oneLine.length > length ? `${oneLine.slice(0, length - 1)}…` : oneLine;
}
