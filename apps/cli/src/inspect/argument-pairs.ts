// k=v words (--arg) as a record of strings: prompt arguments and completion context travel as
// strings on the wire. App side, pure. The first = splits; a value may hold more.

export function argumentPairs(pairs: readonly string[]): Record<string, string> {
  return Object.fromEntries(
    pairs.map((pair) => [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)] as const),
  );
}
