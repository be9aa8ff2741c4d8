// Turning a JarSelection into the concrete jar ids of a job, listing the jars first whenever the
// selection depends on which jars exist ("all", "the last 10", "from 70 on"). Host side, pure.

import type { ToolSpec } from '@kitchen/host';
import type { PlannedCall } from '../decision.js';
import type { JarSelection } from '../reading/jar-selection.js';
import { describeJars, formatIdList } from './id-list.js';
import { type JarLedger, shelfInLabel } from './jar-ledger.js';
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
  // Named ids need no listing, unless a shelf narrows them: only a label says which shelf a jar is on.
  if (selection.kind === 'ids' && selection.shelves === undefined && selection.notShelves === undefined)
    return { kind: 'ids', ids: selection.ids.filter((id) => hasParity(id, selection.parity)), scope, notes: [] };
  const state = listingState(ledger, listTool, reportNow);
  if (state.kind === 'needed') return { kind: 'list-first', calls: state.calls };
  if (state.kind === 'failed') return { kind: 'unavailable', problem: state.problem, scope };
  const excluded = new Set(selection.exclude);
  const shelves = selection.shelves === undefined ? undefined : new Set(selection.shelves);
  const notShelves = new Set(selection.notShelves ?? []);
  const byShelf = shelves !== undefined || notShelves.size > 0;
  const notes = state.problem !== undefined ? [`Listing: ${state.problem}`] : [];
  const unlabelled =
    shelves === undefined ? [] : state.ids.filter((id) => shelfInLabel(state.labels.get(id)) === undefined);
  if (unlabelled.length > 0)
    notes.push(`Left out ${describeJars(unlabelled)}: the listing gave no label naming a shelf for them.`);
  // Parity and shelves narrow first: "the first 5 even jars" are five even jars.
  const existing = state.ids.filter(
    (id) =>
      !excluded.has(id) &&
      hasParity(id, selection.parity) &&
      (!byShelf || onShelves(shelfInLabel(state.labels.get(id)), shelves, notShelves)),
  );
  const ids =
    selection.kind === 'all'
      ? existing
      : selection.kind === 'ids'
        ? existing.filter((id) => selection.ids.includes(id))
        : selection.kind === 'first'
          ? existing.slice(0, selection.count)
          : selection.kind === 'last'
            ? existing.slice(Math.max(0, existing.length - selection.count))
            : existing.filter((id) => id >= selection.start);
  const narrowed = selection.parity !== undefined || byShelf;
  const described =
    selection.kind === 'all' && !narrowed ? `all ${ids.length} jars${exceptText(selection.exclude)}` : scope;
  return { kind: 'ids', ids, scope: described, notes };
}

/** Whether a jar on `shelf` is on the shelves named and off the shelves left out (an unknown shelf is neither). */
export function onShelves(
  shelf: string | undefined,
  shelves: ReadonlySet<string> | undefined,
  notShelves: ReadonlySet<string>,
): boolean {
  if (shelf === undefined) return false;
  return (shelves === undefined || shelves.has(shelf)) && !notShelves.has(shelf);
}

function hasParity(id: number, parity: 'odd' | 'even' | undefined): boolean {
  return parity === undefined || (parity === 'even') === (id % 2 === 0);
}

export function describeSelection(selection: JarSelection): string {
  const except = exceptText(selection.exclude);
  const parity = selection.parity === undefined ? '' : ` ${selection.parity}-numbered`;
  const shelves =
    (selection.shelves === undefined
      ? ''
      : ` on ${selection.shelves.length === 1 ? 'shelf' : 'shelves'} ${selection.shelves.join(', ')}`) +
    (selection.notShelves === undefined
      ? ''
      : ` not on ${selection.notShelves.length === 1 ? 'shelf' : 'shelves'} ${selection.notShelves.join(', ')}`);
  const jars = (count: number) => `${parity === '' ? '' : `${parity.trim()} `}${count === 1 ? 'jar' : 'jars'}`;
  switch (selection.kind) {
    case 'all':
      return `all${parity} jars${shelves}${except}`;
    case 'ids': {
      const named = describeJars([...selection.ids, ...selection.exclude]);
      return `${parity === '' ? '' : `the${parity} ones of `}${named}${shelves}${except}`;
    }
    case 'first':
      return `the first ${selection.count} ${jars(selection.count)}${shelves}${except}`;
    case 'last':
      return `the last ${selection.count} ${jars(selection.count)}${shelves}${except}`;
    case 'from':
      return `${parity === '' ? '' : `the${parity} ones of `}jars ${selection.start} onwards${shelves}${except}`;
  }
}

function exceptText(exclude: number[]): string {
  return exclude.length > 0 ? ` except ${formatIdList(exclude)}` : '';
}
