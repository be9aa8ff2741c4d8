// The one way the host asks a person and waits: the answer, the answer failing, the timeout or
// the caller stopping, whichever comes first, with who ended the question recorded. Host side; the
// gate, the sampling handler and the elicitation handler all wait this way.

/** Who ended a question. */
export type Asked<Answer> =
  | { by: 'person'; answer: Answer }
  /** Asking failed (the person's implementation threw or rejected). */
  | { by: 'person'; failed: unknown }
  | { by: 'timeout' }
  /** The caller's signal fired: the run (or the request) was stopped before anyone answered. */
  | { by: 'stop' };

export interface AskOptions {
  /** The caller's signal: when it aborts, the wait ends as a stop. */
  signal: AbortSignal;
  timeoutMs: number;
  /** Called once the question is with the person (so a registry holds it before a UI hears of it). */
  onAsked?: () => void;
}

// Node's timers fire at once for delays past 2^31 - 1 ms, so a longer wait means "no timeout".
const LONGEST_TIMER_MS = 2_147_483_647;

/**
 * Puts one question to `ask` and always settles. The signal `ask` receives aborts as soon as the
 * wait ends, however it ends, so a prompt or a registry withdraws the question.
 */
export async function askAndWait<Answer>(
  ask: (signal: AbortSignal) => Promise<Answer>,
  options: AskOptions,
): Promise<Asked<Answer>> {
  if (options.signal.aborted) return { by: 'stop' };
  const asking = new AbortController();
  // A plain timer and listener, cleared in finally: the promise forms (timers/promises, events.once
  // with a signal) build an AbortError with a stack for each question when they are called off.
  let timer: NodeJS.Timeout | undefined;
  let onStop: (() => void) | undefined;
  try {
    const answered = callNow(ask, asking.signal).then(
      (answer): Asked<Answer> => ({ by: 'person', answer }),
      (error: unknown): Asked<Answer> => ({ by: 'person', failed: error }),
    );
    options.onAsked?.();
    const ended = new Promise<Asked<Answer>>((resolve) => {
      if (options.timeoutMs <= LONGEST_TIMER_MS)
        timer = setTimeout(() => resolve({ by: 'timeout' }), options.timeoutMs);
      onStop = () => resolve({ by: 'stop' });
      options.signal.addEventListener('abort', onStop, { once: true });
    });
    return await Promise.race([answered, ended]);
  } finally {
    clearTimeout(timer);
    if (onStop !== undefined) options.signal.removeEventListener('abort', onStop);
    asking.abort(QUESTION_CLOSED);
  }
}

/**
 * Why the signal a person was asked with aborts: the wait ended, by an answer or otherwise. One
 * AbortError for every question, made once.
 */
const QUESTION_CLOSED = new DOMException('The question was closed.', 'AbortError');

function callNow<Answer>(ask: (signal: AbortSignal) => Promise<Answer>, signal: AbortSignal): Promise<Answer> {
  try {
    return Promise.resolve(ask(signal));
  } catch (error) {
    return Promise.reject(error);
  }
}
