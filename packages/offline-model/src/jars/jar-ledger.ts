// Everything the offline model has done and learned about jars, rebuilt from its own tool calls
// and their results in the request (it keeps no state between calls). Host side, pure.

import type { ToolExchange } from '../conversation.js';
import { parseJarSelection } from '../reading/jar-selection.js';
import type { JarAction } from '../reading/task-intent.js';
import { isToolNamed } from '../tools/tool-names.js';
import { errorSummary, readListing } from '../tools/tool-results.js';
import { type JarFinding, judgeInspection } from './jar-verdict.js';
import { parseWorkerReport, type WorkerReport } from './worker-report.js';

export interface ListingPage {
  offset: number;
  /** Undefined when the page failed or could not be read. */
  total: number | undefined;
  ids: number[];
  /** Each listed jar's label, when the listing gave one (a label names the jar's shelf). */
  labels: Map<number, string>;
  problem: string | undefined;
}

export interface SpawnRecord {
  name: string;
  ids: number[];
  /** Undefined when the worker failed or its answer was not a report. */
  report: WorkerReport | undefined;
  problem: string | undefined;
}

export interface ActionRecord {
  id: number;
  action: JarAction;
  done: boolean;
  /** What the tool said: a confirmation, or why it was not done (a denial, an error). */
  detail: string;
}

export interface JarLedger {
  pages: ListingPage[];
  /** Findings from the model's own inspections, by jar id. */
  inspected: Map<number, JarFinding>;
  spawns: SpawnRecord[];
  actions: ActionRecord[];
}

export function buildLedger(exchanges: ToolExchange[]): JarLedger {
  const ledger: JarLedger = { pages: [], inspected: new Map(), spawns: [], actions: [] };
  for (const { call, result } of exchanges) {
    const id = jarId(call.input['id']);
    if (isToolNamed(call.name, 'list_jars')) {
      const listing = result !== undefined && result.is_error !== true ? readListing(result.content) : undefined;
      ledger.pages.push({
        offset: typeof call.input['offset'] === 'number' ? call.input['offset'] : 0,
        total: listing?.total,
        ids: listing?.jars.map((jar) => jar.id) ?? [],
        labels: new Map(
          (listing?.jars ?? []).flatMap((jar) => (jar.label === undefined ? [] : [[jar.id, jar.label] as const])),
        ),
        problem: listing !== undefined ? undefined : result === undefined ? 'no result' : errorSummary(result.content),
      });
    } else if (isToolNamed(call.name, 'inspect_jar') && id !== undefined) {
      // Filed under the id that was asked for, so every attempted jar counts as settled.
      ledger.inspected.set(id, { ...judgeInspection(id, result), id });
    } else if (isToolNamed(call.name, 'spawn_agent')) {
      ledger.spawns.push(spawnRecord(call.input, result));
    } else if ((isToolNamed(call.name, 'discard_jar') || isToolNamed(call.name, 'reseal_jar')) && id !== undefined) {
      const action: JarAction = isToolNamed(call.name, 'discard_jar') ? 'discard' : 'reseal';
      const done = result !== undefined && result.is_error !== true;
      ledger.actions.push({
        id,
        action,
        done,
        detail: result === undefined ? 'no result came back' : errorSummary(result.content),
      });
    }
  }
  return ledger;
}

function spawnRecord(input: Record<string, unknown>, result: ToolExchange['result']): SpawnRecord {
  const task = typeof input['task'] === 'string' ? input['task'] : '';
  const selection = parseJarSelection(task);
  const ids = selection.kind === 'ids' ? selection.ids : [];
  const name = typeof input['name'] === 'string' ? input['name'] : 'worker';
  if (result === undefined) return { name, ids, report: undefined, problem: 'no result came back' };
  if (result.is_error === true) return { name, ids, report: undefined, problem: errorSummary(result.content) };
  const report = parseWorkerReport(result.content, ids);
  return { name, ids, report, problem: report === undefined ? errorSummary(result.content) : undefined };
}

function jarId(value: unknown): number | undefined {
  if (typeof value === 'number' && Number.isInteger(value)) return value;
  if (typeof value === 'string' && /^\d+$/.test(value.trim())) return Number(value);
  return undefined;
}

/** Every jar id the listing pages returned, their labels, and the total they announced. */
export function listedJars(ledger: JarLedger): {
  ids: number[];
  labels: Map<number, string>;
  total: number | undefined;
} {
  const ids = new Set<number>();
  const labels = new Map<number, string>();
  let total: number | undefined;
  for (const page of ledger.pages) {
    for (const id of page.ids) ids.add(id);
    for (const [id, label] of page.labels) labels.set(id, label);
    if (page.total !== undefined) total = page.total;
  }
  return { ids: [...ids].sort((left, right) => left - right), labels, total };
}

/** The shelf letter a jar's label names ("Shortbread, shelf B" → "B"), or undefined. */
export function shelfInLabel(label: string | undefined): string | undefined {
  return label === undefined ? undefined : /\bshelf\s+([A-Za-z])\b/.exec(label)?.[1]?.toUpperCase();
}
