// Jar ids written the way people read them ("jars 1-20, 25") and read back from reports. Host side.

/** Sorted, de-duplicated ids. */
export function sortedIds(ids: Iterable<number>): number[] {
  return [...new Set(ids)].sort((left, right) => left - right);
}

/** "1-20, 25, 30-31" (a run of three or more becomes a range). */
export function formatIdList(ids: Iterable<number>): string {
  const sorted = sortedIds(ids);
  const parts: string[] = [];
  let start = 0;
  while (start < sorted.length) {
    let end = start;
    while (end + 1 < sorted.length && sorted[end + 1] === (sorted[end] ?? 0) + 1) end += 1;
    const first = sorted[start];
    const last = sorted[end];
    if (end - start >= 2) parts.push(`${first}-${last}`);
    else for (let index = start; index <= end; index += 1) parts.push(String(sorted[index]));
    start = end + 1;
  }
  return parts.join(', ');
}

/** "jar 5" or "jars 1-20, 25". */
export function describeJars(ids: Iterable<number>): string {
  const sorted = sortedIds(ids);
  return `${sorted.length === 1 ? 'jar' : 'jars'} ${formatIdList(sorted)}`;
}

/** Reads "1-20, 25 and 30" (or "1–20") back into ids. */
export function parseIdList(text: string): number[] {
  const ids: number[] = [];
  for (const match of text.matchAll(/(\d+)(?:\s*[-–]\s*(\d+))?/g)) {
    const first = Number(match[1]);
    const last = match[2] === undefined ? first : Number(match[2]);
    for (let id = Math.min(first, last); id <= Math.max(first, last) && ids.length < MAX_IDS; id += 1) ids.push(id);
  }
  return sortedIds(ids);
}

/** Nobody asks about more jars than this; a bigger range is a typo, not a job. */
export const MAX_IDS = 10_000;
