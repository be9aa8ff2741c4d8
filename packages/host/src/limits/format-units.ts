// How the host and its apps write money, tokens and time for people: one formatter, so a price in
// a sampling question, a timeout in a refusal and the cost in a run's summary read the same.

const wholeNumbers = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

/** 14654 → "14,654". */
export function formatTokens(tokens: number): string {
  return wholeNumbers.format(tokens);
}

/** "0.05¢" for fractions of a tenth, "6.0¢" below a dollar, "$1.23" from a dollar on. */
export function formatCents(cents: number): string {
  if (cents > 0 && cents < 0.1) return `${cents.toFixed(2)}¢`;
  if (cents < 100) return `${cents.toFixed(1)}¢`;
  return `$${(cents / 100).toFixed(2)}`;
}

/** 850 → "850 ms", 2345 → "2.3 s", 5000 → "5 s", 300000 → "5 min", 65000 → "1 min 5 s". */
export function formatDuration(milliseconds: number): string {
  if (milliseconds < 1000) return `${Math.round(milliseconds)} ms`;
  if (milliseconds < 60_000) return `${(milliseconds / 1000).toFixed(1).replace(/\.0$/, '')} s`;
  const totalSeconds = Math.round(milliseconds / 1000);
  const seconds = totalSeconds % 60;
  return `${Math.floor(totalSeconds / 60)} min${seconds === 0 ? '' : ` ${seconds} s`}`;
}

/** 900 → "900 B", 12_345 → "12 KB", 1_500_000 → "1.4 MB" (1 KB = 1,024 bytes). */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1).replace(/\.0$/, '')} MB`;
}

/** The size of what a base64 string carries: 3 bytes in every 4 characters, less the padding. */
export function base64Bytes(base64: string): number {
  const padding = base64.endsWith('==') ? 2 : base64.endsWith('=') ? 1 : 0;
  return Math.max(0, Math.floor((base64.length * 3) / 4) - padding);
}
