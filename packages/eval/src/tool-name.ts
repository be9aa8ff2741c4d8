// Tool names as a person writes them in a case file: "server.tool", the way `kitchen tools`
// prints them, whatever name the model saw (a clash makes it "server__tool"). Host side, pure.

/** What a tool-call event says about the tool: the name the model saw and the server that owns it. */
export interface CalledTool {
  tool: string;
  /** The owning server, or "local" for a tool that runs inside the host (spawn_agent). */
  server: string;
}

/** "cookie-jars.inspect_jar" for a server's tool; a local tool keeps its bare name ("spawn_agent"). */
export function displayToolName(called: CalledTool): string {
  if (called.server === 'local') return called.tool;
  const namespaced = `${called.server}__`;
  const own = called.tool.startsWith(namespaced) ? called.tool.slice(namespaced.length) : called.tool;
  return `${called.server}.${own}`;
}

/**
 * Whether a name from a case file names this call. "server.tool" must match both; a bare name
 * ("inspect_jar", "spawn_agent") matches that tool on any server.
 */
export function namesTool(written: string, called: CalledTool): boolean {
  const display = displayToolName(called);
  if (written === display) return true;
  if (written.includes('.')) return false;
  return display === written || display.endsWith(`.${written}`);
}
