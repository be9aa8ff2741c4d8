// Test helper for the probes (fuzzing, faults, load): a small size in `pnpm test`, a large one
// under `pnpm soak` (KITCHEN_SOAK=1), and one printed line saying how many inputs were tried.

/** True under `pnpm soak`. */
export const SOAK = process.env['KITCHEN_SOAK'] === '1';

/** `fast` in `pnpm test`, `soak` under `pnpm soak`. */
export function probeSize(fast: number, soak: number): number {
  return SOAK ? soak : fast;
}

/** One line in the test output: what was tried and how often, so a reader sees the property was not vacuous. */
export function reportTried(what: string, count: number): void {
  console.log(`${what}: ${count.toLocaleString('en-US')} inputs tried${SOAK ? ' (soak)' : ''}`);
}
