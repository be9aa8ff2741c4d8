// The test settings every package shares. Many tests start real servers over loopback and load an
// MCP SDK on first use: seconds on a machine shared with other work, so a test gets 30 s before it
// counts as hung (vitest's 5 s default flaked under load). A timeout guards against hangs; no test
// asserts how long it took.
import { defineConfig } from 'vitest/config';

export default defineConfig({ test: { testTimeout: 30_000, hookTimeout: 30_000 } });
