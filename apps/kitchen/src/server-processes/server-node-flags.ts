// The V8 flags every server the kitchen starts runs with. A server is a small process that answers
// a few requests at a time, and V8's defaults are tuned for a big, busy one. App side: they are
// the child's command line, nothing the server sees over MCP.

/**
 * Measured on the 80-jar demo (peak RSS of each server, `pnpm bench`):
 * - `--max-semi-space-size=1`: the young generation stays at 1 MiB per semi-space instead of
 *   growing towards 16 MiB while a burst of tool calls allocates; cookie-jars peaked 9 MiB lower,
 *   the others 2–3 MiB.
 * - `--v8-pool-size=1`: one V8 worker thread instead of one per core; each thread that compiles
 *   or marks holds its own malloc arena (about 0.5–1 MiB lower).
 */
export const SERVER_NODE_FLAGS: readonly string[] = ['--max-semi-space-size=1', '--v8-pool-size=1'];
