// The line links of docs/tour.md: `[text](../path#L12 "marker")`. A link names the line and the
// text that line holds, so a test can tell when code moved; `pnpm --filter @kitchen/tour
// fix-links` moves each link to the first line that holds its marker again.

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { findLine, REPO_ROOT } from './anchor.js';

export const TOUR_PAGE = 'docs/tour.md';

export interface DocLink {
  path: string;
  line: number;
  marker: string;
}

const LINK = /\]\(\.\.\/([^)#\s]+)#L(\d+) "([^"]+)"\)/g;

export function readTourPage(): string {
  return readFileSync(join(REPO_ROOT, TOUR_PAGE), 'utf8');
}

export function docLinks(page: string): DocLink[] {
  return [...page.matchAll(LINK)].map(([, path = '', line = '', marker = '']) => ({
    path,
    line: Number(line),
    marker,
  }));
}

/** The page with every link moved to the first line holding its marker; throws for a marker gone. */
export function relinkedPage(page: string): string {
  return page.replace(LINK, (_link, path: string, _line: string, marker: string) => {
    return `](../${path}#L${findLine(path, marker)} "${marker}")`;
  });
}
