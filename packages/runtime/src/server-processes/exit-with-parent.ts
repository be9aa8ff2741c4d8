// Preloaded into every server the kitchen starts (node --import): when the kitchen goes away —
// even killed with SIGKILL, when it cannot stop anyone — the pipe on stdin closes and the server
// shuts itself down. Child side of the app; it never touches the server's MCP traffic.

const GRACE_MS = 5_000;

function stopThisServer(): void {
  process.kill(process.pid, 'SIGTERM');
  // A server that ignores SIGTERM still must not outlive the kitchen.
  setTimeout(() => process.exit(1), GRACE_MS).unref();
}

if (process.env['KITCHEN_PARENT_PIPE'] === 'stdin' && !process.stdin.isTTY) {
  process.stdin.on('end', stopThisServer);
  process.stdin.on('error', stopThisServer);
  process.stdin.resume();
  // Watching the pipe must not keep a server alive that is otherwise done.
  (process.stdin as unknown as { unref?: () => void }).unref?.();
}
