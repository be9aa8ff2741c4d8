// Worker slots and lane ids for one run: a worker takes a slot before it starts and gives it back
// when it ends, whatever happened. Host side; shared by reference by every agent of the run.

/** One reserved worker: its lane id, and a release that is safe to call more than once. */
export interface AgentSlot {
  readonly id: string;
  release(): void;
}

export class AgentSlots {
  #nextId = 1;
  #live = 0;

  /**
   * Synchronous, so many spawn_agent calls starting in the same turn cannot all see the last free
   * slot. Undefined when `maxLive` workers are already running; ids count up from "1" per run
   * and are only spent by a reservation that succeeds.
   */
  reserve(maxLive: number): AgentSlot | undefined {
    if (this.#live >= maxLive) return undefined;
    this.#live += 1;
    const id = String(this.#nextId++);
    let released = false;
    return {
      id,
      release: () => {
        if (released) return;
        released = true;
        this.#live -= 1;
      },
    };
  }

  /** Workers running right now. */
  get live(): number {
    return this.#live;
  }

  /** Workers started so far in this run. */
  get started(): number {
    return this.#nextId - 1;
  }
}
