// Waits that end as soon as a signal fires, all through one listener on that signal. Host side: the
// loop waits on its model once a turn, and an abort listener added and removed per wait (on an
// AbortSignal.any signal, which Node also keeps in a global set while it has listeners) cost more
// than the rest of the wait's bookkeeping.

export class AbortWatch {
  readonly signal: AbortSignal;
  readonly #waiting = new Set<(reason: unknown) => void>();

  constructor(signal: AbortSignal) {
    this.signal = signal;
    if (!signal.aborted) signal.addEventListener('abort', () => this.#abortAll(), { once: true });
  }

  /** Settles as `work` does, or rejects with the signal's reason as soon as it fires (work that ignores it runs on unobserved). */
  until<Value>(work: Promise<Value>): Promise<Value> {
    return new Promise((resolve, reject) => {
      if (this.signal.aborted) reject(this.signal.reason);
      else this.#waiting.add(reject);
      work.then(
        (value) => {
          this.#waiting.delete(reject);
          resolve(value);
        },
        (error: unknown) => {
          this.#waiting.delete(reject);
          reject(error);
        },
      );
    });
  }

  #abortAll(): void {
    const waiting = [...this.#waiting];
    this.#waiting.clear();
    for (const reject of waiting) reject(this.signal.reason);
  }
}
