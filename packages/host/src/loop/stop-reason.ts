// Why an agent loop ended. Host side.

export type LoopStopReason = 'end_turn' | 'max_iterations' | 'budget' | 'aborted' | 'error' | 'seatbelt';
