// The `subscriptions/listen` streams of one 2026-07-28 server, kept open. Host side, at the wire:
// in this revision list changes and resource updates arrive only on such a stream, and a stream
// that drops (the server restarted, a replica behind a balancer went away) is not reopened by the
// SDK. A dropped one is listened to again, a few times, and the host is told so it can refetch
// what may have changed while nobody was listening.

import { setTimeout as delay } from 'node:timers/promises';
import type { Client, McpSubscription } from '@modelcontextprotocol/client';

/** Tries to listen again after a drop; each waits a little longer than the last. */
const RELISTEN_ATTEMPTS = 5;
const RELISTEN_DELAY_MS = 200;

export class ListenStreams {
  readonly #client: Client;
  readonly #timeoutMs: number;
  readonly #onReopened: () => void;
  readonly #closed = new AbortController();
  /** One stream per watched resource, so one can be closed without touching the others. */
  readonly #watches = new Map<string, McpSubscription>();

  constructor(client: Client, timeoutMs: number, onReopened: () => void) {
    this.#client = client;
    this.#timeoutMs = timeoutMs;
    this.#onReopened = onReopened;
  }

  /** The stream the client opened at connect for list changes: kept open from now on. */
  keepOpen(subscription: McpSubscription | undefined): void {
    if (subscription !== undefined) this.#follow(subscription, () => {});
  }

  /** Opens a stream for one resource's updates; rejects when the server does not agree to send them. */
  async watch(uri: string, requestOptions: { timeout: number }): Promise<void> {
    if (this.#watches.has(uri)) return;
    const subscription = await this.#client.listen({ resourceSubscriptions: [uri] }, requestOptions);
    if (!subscription.honoredFilter.resourceSubscriptions?.includes(uri)) {
      await subscription.close().catch(() => undefined);
      throw new Error(`the server did not agree to send updates about ${uri} on its subscriptions/listen stream`);
    }
    this.#watches.set(uri, subscription);
    this.#follow(subscription, (next) => {
      if (this.#watches.has(uri)) this.#watches.set(uri, next);
      else void next.close();
    });
  }

  async unwatch(uri: string): Promise<void> {
    const subscription = this.#watches.get(uri);
    this.#watches.delete(uri);
    await subscription?.close();
  }

  async close(): Promise<void> {
    this.#closed.abort();
    await Promise.allSettled([...this.#watches.values()].map((subscription) => subscription.close()));
    this.#watches.clear();
  }

  /** When `subscription` drops (not closed by the host, not ended by the server), listens again. */
  #follow(subscription: McpSubscription, replaced: (next: McpSubscription) => void): void {
    void subscription.closed.then(async (how) => {
      if (how !== 'remote' || this.#closed.signal.aborted) return;
      for (let attempt = 1; attempt <= RELISTEN_ATTEMPTS; attempt += 1) {
        try {
          await delay(RELISTEN_DELAY_MS * attempt, undefined, { signal: this.#closed.signal, ref: false });
        } catch {
          return;
        }
        const next = await this.#client
          .listen(subscription.honoredFilter, { timeout: this.#timeoutMs })
          .catch(() => undefined);
        if (next === undefined) continue;
        if (this.#closed.signal.aborted) {
          await next.close().catch(() => undefined);
          return;
        }
        replaced(next);
        this.#follow(next, replaced);
        this.#onReopened();
        return;
      }
    });
  }
}
