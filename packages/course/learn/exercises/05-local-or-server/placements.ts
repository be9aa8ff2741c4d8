// Exercise 5: decide local vs server for a new tool.
//
// The kitchen's rule: a tool goes on a server if it can be done there. It is a local tool (inside
// the host, like spawn_agent) only when it needs what cannot cross the wire: the live toolbox, the
// gate, the tree budget, the run's event stream, the live run. A server can read its own data,
// keep its own state, report progress while it works, and even ask the host for a model call
// (sampling) or the person for an answer (elicitation): none of those make a tool local.
//
// For each proposed tool below, say where it goes and which host-only needs it relies on (none
// for a server tool). Every answer starts as "server, needs nothing": fix the ones that are wrong.
// Run `pnpm learn 5`; the checker says which answer is wrong and why.

/** What only the host has, and so cannot be reached from the far end of a connection. */
export type HostOnlyNeed = 'live-toolbox' | 'gate' | 'tree-budget' | 'event-stream' | 'live-run';

export interface Placement {
  where: 'local' | 'server';
  /** The host-only things the tool relies on; empty for a server tool. */
  needs: HostOnlyNeed[];
}

export type ProposedTool =
  /** Weighs one cookie jar of the pantry's and returns its weight in grams. */
  | 'weigh_jar'
  /** Tells the model how many tokens the whole agent tree has left to spend. */
  | 'tokens_left'
  /** Bakes a batch for a minute, sending progress notifications while it works. */
  | 'bake_batch'
  /** Lists the tools the calling agent may call right now, across every connected server. */
  | 'my_tools'
  /** Writes a poem about a jar by asking the host's model (sampling) from inside the call. */
  | 'jar_poem'
  /** Hires three tasters (agents) at once, each with a brief, and returns their reports. */
  | 'hire_tasters';

export const placements: Record<ProposedTool, Placement> = {
  weigh_jar: { where: 'server', needs: [] },
  tokens_left: { where: 'server', needs: [] },
  bake_batch: { where: 'server', needs: [] },
  my_tools: { where: 'server', needs: [] },
  jar_poem: { where: 'server', needs: [] },
  hire_tasters: { where: 'server', needs: [] },
};
