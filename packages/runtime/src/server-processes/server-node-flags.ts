// The V8 flags every server the kitchen starts runs with. A server is a small process that answers
// a few requests at a time, and V8's defaults are tuned for a big, busy one. Runtime side: they are
// the child's command line, nothing the server sees over MCP.

/**
 * Each measured on the 80-jar demo and on a server driven alone (peak RSS, VmHWM):
 * - `--max-semi-space-size=1`: the young generation stays at 1 MiB per semi-space instead of
 *   growing towards 16 MiB while a burst of tool calls allocates (cookie-jars 9 MiB lower, the
 *   others 2–3 MiB).
 * - `--v8-pool-size=1`: one V8 worker thread instead of one per core; each thread that compiles
 *   or marks holds its own malloc arena.
 * - `--no-opt --no-sparkplug`: no optimising or baseline compiler. A server's JavaScript is glue
 *   between a socket and a small domain; the compilers' own code and working memory cost 3–4 MiB
 *   of peak, and on a busy two-core machine a burst of 600 calls finished no later without them.
 * - `--optimize-for-size`: V8's low-memory mode (smaller heap growing steps), 1–2 MiB lower.
 * - `--incremental-marking-hard-trigger=5`: mark the old generation again soon after each full GC
 *   instead of letting it grow 8 MiB first. In 2026-07-28 each request is served by a fresh
 *   McpServer, and a few objects a request makes stay alive through every scavenge until a full
 *   GC (in Node 20 each AbortSignal and Request; the object the SDK's registerTool makes with
 *   accessors), taking what they reach with them: about 40 KiB of each cookie-jars call moves to
 *   the old generation, whatever the young generation's size. Without the flag cookie-jars' peak
 *   grows with the calls it answers (62 MiB after the 80-jar demo's 81, 64 after 280); with it
 *   the peak stays near 58.5 MiB and the other servers' is about 1 MiB lower. It costs CPU while
 *   serving (about half as much again per call) and a little at start.
 * A server that needs the optimising compiler can be run by hand (`node dist/main.js`), or given
 * a remote "url" entry.
 */
export const SERVER_NODE_FLAGS: readonly string[] = [
  '--max-semi-space-size=1',
  '--v8-pool-size=1',
  '--no-opt',
  '--no-sparkplug',
  '--optimize-for-size',
  '--incremental-marking-hard-trigger=5',
];
