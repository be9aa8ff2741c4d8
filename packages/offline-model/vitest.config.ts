// Most tests here run whole kitchens (the agent loop against real servers in memory): give each
// room on a busy machine. They assert outcomes, never timings.
import { defineConfig } from 'vitest/config';
import { packageTestSettings } from '../../vitest.package.js';

export default defineConfig({ test: { ...packageTestSettings, testTimeout: 60_000 } });
