// Turning a JarSelection into the concrete jar ids of a job, listing the jars first whenever the
// selection depends on which jars exist ("all", "the last 10", "from 70 on"). Host side, pure.

import type { ToolSpec } from '@kitchen/host';
import type { PlannedCall } from '../decision.js';
import type { JarSelection } from '../reading/jar-selection.js';
import { describeJars, formatIdList } from './id-list.js';
import type { JarLedger } from './jar-ledger.js';
import { listingState } from './jar-listing.js';

export type JarTarget =
  | { kind: 'ids'; ids: number[]; scope: string; notes: string[] }
  | { kind: 'list-first'; calls: PlannedCall[] }
  | { kind: 'unavailable'; problem: string; scope: string };

export function resolveTarget(
  selection: JarSelection,
  ledger: JarLedger,
  listTool: ToolSpec | undefined,
  reportNow = false,
): JarTarget {
  const scope = describeSelection(selection);
  if (selection.kind === 'ids') return { kind: 'ids', ids: selection.ids, scope, notes: [] };
  const state = listingState(ledger, listTool, reportNow);
  if (state.kind === 'needed') return { kind: 'list-first', calls: state.calls };
  if (state.kind === 'failed') return { kind: 'unavailable', problem: state.problem, scope };
  const excluded = new Set(selection.exclude);
  const existing = state.ids.filter((id) => !excluded.has(id));
  const ids =
    selection.kind === 'all'
      ? existing
      : selection.kind === 'first'
        ? existing.slice(0, selection.count)
        : selection.kind === 'last'
          ? existing.slice(Math.max(0, existing.length - selection.count))
          : existing.filter((id) => id >= selection.start);
  const described = selection.kind === 'all' ? `all ${ids.length} jars${exceptText(selection.exclude)}` : scope;
  return {
    kind: 'ids',
    ids,
    scope: described,
    notes: state.problem !== undefined ? [`Listing: ${state.problem}`] : [],
  };
}

export function describeSelection(selection: JarSelection): string {
  const except = exceptText(selection.exclude);
  switch (selection.kind) {
    case 'all':
      return `all jars${except}`;
    case 'ids':
      return describeJars([...selection.ids, ...selection.exclude]) + except;
    case 'first':
      return `the first ${selection.count} ${selection.count === 1 ? 'jar' : 'jars'}${except}`;
    case 'last':
      return `the last ${selection.count} ${selection.count === 1 ? 'jar' : 'jars'}${except}`;
    case 'from':
      return `jars ${selection.start} onwards${except}`;
  }
}

function exceptText(exclude: number[]): string {
  return exclude.length > 0 ? ` except ${formatIdList(exclude)}` : '';
}
