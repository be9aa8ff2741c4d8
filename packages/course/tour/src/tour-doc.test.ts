// docs/tour.md links to exact lines (`path#L12 "marker"`); this test keeps each link true: the
// linked line must still hold the marker the link names, and every step must have its section.

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from './anchor.js';
import { docLinks, readTourPage } from './doc-links.js';
import { TOUR_STEPS } from './steps.js';

const page = readTourPage();
const links = docLinks(page);

describe('docs/tour.md', () => {
  it('links to lines', () => {
    expect(links.length).toBeGreaterThan(30);
  });

  it.each(links)('$path#L$line still holds "$marker"', ({ path, line, marker }) => {
    const lines = readFileSync(join(REPO_ROOT, path), 'utf8').split('\n');
    const now = lines.findIndex((text) => text.includes(marker)) + 1;
    const fix =
      now === 0
        ? 'the marker is gone: rewrite the paragraph'
        : `the marker is now on line ${now}: run pnpm --filter @kitchen/tour fix-links`;
    expect(lines[line - 1] ?? '', fix).toContain(marker);
  });

  it('has a section for every step and a command that runs it', () => {
    for (const step of TOUR_STEPS) {
      expect(page).toContain(`## Step ${step.number}:`);
      expect(page).toContain(`pnpm tour ${step.number}\n`);
    }
  });
});
