// Why an agent loop ended. Host side.

/**
 * end_turn: the model finished its answer. max_tokens: its final answer was cut at the per-call
 * output limit (the report is incomplete). refusal: the model declined. max_iterations, budget and
 * seatbelt: a limit stopped the agent (its report says what was established). aborted: the caller
 * stopped the run. error: something failed.
 */
export type LoopStopReason =
  | 'end_turn'
  | 'max_tokens'
  | 'refusal'
  | 'max_iterations'
  | 'budget'
  | 'aborted'
  | 'error'
  | 'seatbelt';
