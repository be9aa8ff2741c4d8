// How the app writes money, tokens and time for people. App side.

const wholeNumbers = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

/** 14654 → "14,654". */
export function formatTokens(tokens: number): string {
  return wholeNumbers.format(tokens);
}

/** Cents with one decimal below a dollar ("6.0¢"), dollars above ("$1.23"). */
export function formatCents(cents: number): string {
  if (cents < 100) return `${cents.toFixed(1)}¢`;
  return `$${(cents / 100).toFixed(2)}`;
}

/** 850 → "850 ms", 2345 → "2.3 s", 65000 → "1 min 5 s". */
export function formatDuration(milliseconds: number): string {
  if (milliseconds < 1000) return `${Math.round(milliseconds)} ms`;
  if (milliseconds < 60_000) return `${(milliseconds / 1000).toFixed(1)} s`;
  const totalSeconds = Math.round(milliseconds / 1000);
  return `${Math.floor(totalSeconds / 60)} min ${totalSeconds % 60} s`;
}

/** "1 iter", "3 iters". */
export function plural(count: number, singular: string, pluralForm = `${singular}s`): string {
  return `${formatTokens(count)} ${count === 1 ? singular : pluralForm}`;
}
