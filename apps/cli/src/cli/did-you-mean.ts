// "Did you mean --jars?": the closest known name to a mistyped command or flag. App side.

/** The known name nearest to `typed` (at most two edits, or one it starts), or undefined. */
export function didYouMean(typed: string, known: readonly string[]): string | undefined {
  let best: { name: string; distance: number } | undefined;
  for (const name of known) {
    const distance = editDistance(typed.toLowerCase(), name);
    if (best === undefined || distance < best.distance) best = { name, distance };
  }
  if (best !== undefined && best.distance <= Math.min(2, Math.floor(typed.length / 2))) return best.name;
  if (typed.length >= 3) return known.find((name) => name.startsWith(typed.toLowerCase()));
  return undefined;
}

/** Levenshtein distance: insertions, deletions and substitutions. */
function editDistance(from: string, to: string): number {
  let previous = Array.from({ length: to.length + 1 }, (_, index) => index);
  for (let row = 1; row <= from.length; row += 1) {
    const current = [row];
    for (let column = 1; column <= to.length; column += 1) {
      const substitution = (previous[column - 1] ?? 0) + (from[row - 1] === to[column - 1] ? 0 : 1);
      current.push(Math.min((previous[column] ?? 0) + 1, (current[column - 1] ?? 0) + 1, substitution));
    }
    previous = current;
  }
  return previous[to.length] ?? 0;
}
