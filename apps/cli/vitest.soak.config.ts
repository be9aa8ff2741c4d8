// `pnpm soak` for the app: the probes at full size (KITCHEN_SOAK=1), plus the soak-only probes in
// test/probes/*.soak.ts that are too slow for `pnpm test`. They assert outcomes, never timings.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: { include: ['test/probes/**/*.test.ts', 'test/probes/**/*.soak.ts'], testTimeout: 600_000 },
});
