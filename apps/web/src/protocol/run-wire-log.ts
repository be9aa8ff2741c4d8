// The web kitchen's wire log: one WireRecorder on the toolbox, its records cut into runs, so the
// page's protocol view can show a run's JSON-RPC messages and HTTP exchanges. App side; the
// recording is the host's WireRecorder.

import { type WireRecord, WireRecorder } from '@kitchen/host';

/** Finished runs whose exchanges are kept (as many as the kitchen keeps runs). */
const KEPT_RUNS = 20;
/** Records kept from before the first run (the servers' initialize and tool lists). */
const KEPT_CONNECTING = 2_000;

export class RunWireLog {
  readonly recorder = new WireRecorder();
  readonly #runs = new Map<string, WireRecord[]>();
  #current: string | undefined;
  #connecting: WireRecord[] | undefined;

  /** From now on what crosses the wire is run `runId`'s; what came before the first run is kept as connecting. */
  begin(runId: string): void {
    this.#connecting ??= this.recorder.records.slice(0, KEPT_CONNECTING);
    this.#cut();
    this.#current = runId;
  }

  /** Run `runId` is over: its records are kept, and the recorder starts afresh. */
  end(runId: string): void {
    if (this.#current !== runId) return;
    this.#runs.set(runId, [...this.recorder.records]);
    this.#cut();
    this.#current = undefined;
    for (const id of this.#runs.keys()) if (this.#runs.size > KEPT_RUNS) this.#runs.delete(id);
  }

  /** The run's records so far (live while it runs); undefined for a run this kitchen did not record. */
  recordsOf(runId: string): readonly WireRecord[] | undefined {
    return this.#current === runId ? [...this.recorder.records] : this.#runs.get(runId);
  }

  /** What crossed while the servers connected, before any run. */
  get connecting(): readonly WireRecord[] {
    return this.#connecting ?? this.recorder.records.slice(0, KEPT_CONNECTING);
  }

  /**
   * Empties the recorder but keeps its exchange count (clear() would reset it): a long-lived
   * stream opened in one run still writes under its own exchange number in the next.
   */
  #cut(): void {
    this.recorder.records.length = 0;
  }
}
