// What the offline model decides on one turn: call some tools (with a short word about why) or
// answer in text. Host side, pure.

export interface PlannedCall {
  /** The tool's name exactly as the request listed it (namespaced or not). */
  tool: string;
  input: Record<string, unknown>;
}

/** `part` is the part of the task's plan the calls serve (set by decideNextStep). */
export type Decision =
  | { kind: 'calls'; say: string; calls: PlannedCall[]; part?: number }
  | { kind: 'answer'; text: string };

export function callTools(say: string, calls: PlannedCall[]): Decision {
  return { kind: 'calls', say, calls };
}

export function answer(text: string): Decision {
  return { kind: 'answer', text };
}
