// Learning which jars exist with list_jars, page by page: the first page tells the total, then
// every missing page is asked for in one turn. The model never assumes how many jars there are.

import type { ToolSpec } from '@kitchen/host';
import type { PlannedCall } from '../decision.js';
import { inputProperty } from '../tools/tool-names.js';
import { type JarLedger, listedJars } from './jar-ledger.js';

export type ListingState =
  | { kind: 'needed'; calls: PlannedCall[] }
  | { kind: 'complete'; ids: number[]; labels: Map<number, string>; problem: string | undefined }
  | { kind: 'failed'; problem: string };

const DEFAULT_PAGE_LIMIT = 100;

/**
 * Where listing stands. With `reportNow` (a last-chance request, no tools) nothing more can be
 * asked, so whatever pages came back are the listing.
 */
export function listingState(ledger: JarLedger, listTool: ToolSpec | undefined, reportNow = false): ListingState {
  if (ledger.pages.length === 0) {
    if (reportNow) return { kind: 'failed', problem: 'I ran out of room before I could list the jars' };
    if (listTool === undefined)
      return { kind: 'failed', problem: 'no list_jars tool was offered, so I cannot tell which jars exist' };
    return { kind: 'needed', calls: [{ tool: listTool.name, input: pageInput(listTool, 0) }] };
  }
  const firstPage = ledger.pages.find((page) => page.offset === 0);
  if (firstPage === undefined || firstPage.total === undefined) {
    return { kind: 'failed', problem: `listing the jars failed: ${firstPage?.problem ?? 'no first page'}` };
  }
  const { ids, labels, total = 0 } = listedJars(ledger);
  const pageSize = Math.max(...ledger.pages.map((page) => page.ids.length));
  const failedPages = ledger.pages.filter((page) => page.problem !== undefined);
  if (listTool !== undefined && !reportNow && inputProperty(listTool, 'offset') !== undefined && pageSize > 0) {
    const requested = new Set(ledger.pages.map((page) => page.offset));
    const missing: PlannedCall[] = [];
    for (let offset = pageSize; offset < total; offset += pageSize) {
      if (!requested.has(offset)) missing.push({ tool: listTool.name, input: pageInput(listTool, offset) });
    }
    if (missing.length > 0) return { kind: 'needed', calls: missing };
  }
  const problems: string[] = [];
  if (failedPages.length > 0)
    problems.push(`${failedPages.length} listing ${failedPages.length === 1 ? 'page' : 'pages'} failed`);
  if (ids.length < total) problems.push(`the listing announced ${total} jars but I received ${ids.length}`);
  return {
    kind: 'complete',
    ids,
    labels,
    problem: problems.length > 0 ? `${problems.join(' and ')}; jars I did not receive were not checked.` : undefined,
  };
}

function pageInput(listTool: ToolSpec, offset: number): Record<string, unknown> {
  const input: Record<string, unknown> = {};
  const limit = inputProperty(listTool, 'limit');
  if (inputProperty(listTool, 'offset') !== undefined) input['offset'] = offset;
  if (limit !== undefined)
    input['limit'] = typeof limit['maximum'] === 'number' ? limit['maximum'] : DEFAULT_PAGE_LIMIT;
  return input;
}
