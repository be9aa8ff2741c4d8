// Most tests here run whole kitchens (the agent loop against real servers in memory): give each
// room on a busy machine. They assert outcomes, never timings.
import { defineConfig } from 'vitest/config';

export default defineConfig({ test: { testTimeout: 60_000 } });
