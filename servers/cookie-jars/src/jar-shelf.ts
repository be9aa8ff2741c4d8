// The state one cookie-jars process keeps: the generated jars plus what tools did to them
// (discarded, resealed). Shared by every session of the process, which is why it tells listeners
// when a jar changes: each session's server turns that into resource update notifications.
// Server side, in memory.

import { type Jar, type Seal, SHELVES, type ShelfLetter, shelfOf } from './jars.js';

/** A jar as the tools show it now. */
export interface JarView extends Jar {
  discarded: boolean;
  resealed: boolean;
}

export class JarShelf {
  private readonly byId = new Map<number, Jar>();
  private readonly discardedIds = new Set<number>();
  private readonly resealedIds = new Set<number>();
  private readonly listeners = new Set<(id: number) => void>();

  constructor(readonly jars: readonly Jar[]) {
    for (const jar of jars) this.byId.set(jar.id, jar);
  }

  get size(): number {
    return this.jars.length;
  }

  /** The jar with `id` as it is now, or undefined when there is none. */
  view(id: number): JarView | undefined {
    const jar = this.byId.get(id);
    return jar && this.viewOf(jar);
  }

  private viewOf(jar: Jar): JarView {
    const { id } = jar;
    const resealed = this.resealedIds.has(id);
    const seal: Seal = resealed ? 'intact' : jar.seal;
    return { ...jar, seal, discarded: this.discardedIds.has(id), resealed };
  }

  /** The shelves that hold at least one jar, in order. */
  shelves(): ShelfLetter[] {
    return SHELVES.filter((shelf) => this.jars.some((jar) => shelfOf(jar) === shelf));
  }

  /** The jars on one shelf as they are now (empty for a shelf with none). */
  onShelf(shelf: ShelfLetter): JarView[] {
    return this.jars.filter((jar) => shelfOf(jar) === shelf).map((jar) => this.viewOf(jar));
  }

  /** How many listeners are attached (one per open session that registered resources). */
  get listenerCount(): number {
    return this.listeners.size;
  }

  /** Calls `listener` with a jar's id whenever that jar changes; returns the way to stop. */
  onChange(listener: (id: number) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Marks the jar discarded; says whether it already was. */
  discard(id: number): { alreadyDiscarded: boolean } {
    const alreadyDiscarded = this.discardedIds.has(id);
    this.discardedIds.add(id);
    if (!alreadyDiscarded) this.changed(id);
    return { alreadyDiscarded };
  }

  /** Closes the jar's seal; says whether it had been broken. The generated truth is unchanged:
   * resealing hides evidence, which is exactly why a gate should ask first. */
  reseal(id: number): { wasBroken: boolean } {
    const wasBroken = this.view(id)?.seal === 'broken';
    const alreadyResealed = this.resealedIds.has(id);
    this.resealedIds.add(id);
    if (!alreadyResealed) this.changed(id);
    return { wasBroken };
  }

  private changed(id: number): void {
    for (const listener of this.listeners) listener(id);
  }
}
