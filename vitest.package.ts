// The test settings every package shares. Many tests start real servers over loopback and load an
// MCP SDK on first use: seconds on a machine shared with other work, so a test gets 30 s before it
// counts as hung (vitest's 5 s default flaked under load). A timeout guards against hangs; no test
// asserts how long it took.
//
// A package's test files share one worker and its module cache (`isolate: false`): a fresh worker
// per file re-imported the SDK, zod and the host for each of ~300 files, about half a second each
// on two cores, and halved the host package's time. Nothing here mocks modules or stubs globals;
// a test that changes shared state (fake timers, an environment variable) puts it back.
//
// Two workers per package (`maxWorkers: 2`; vitest's default on two cores is one): most files
// mostly wait, on a server starting or a browser drawing, and one worker per package left the
// cores a quarter idle while the CLI's 64 files ran one after another.
import { defineConfig } from 'vitest/config';

export const packageTestSettings = { testTimeout: 30_000, hookTimeout: 30_000, isolate: false, maxWorkers: 2 };

export default defineConfig({ test: packageTestSettings });
