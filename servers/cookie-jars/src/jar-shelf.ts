// The state one cookie-jars process keeps: the generated jars plus what tools did to them
// (discarded, resealed). Shared by every session of the process. Server side, in memory.

import type { Jar, Seal } from './jars.js';

/** A jar as the tools show it now. */
export interface JarView extends Jar {
  discarded: boolean;
  resealed: boolean;
}

export class JarShelf {
  private readonly byId = new Map<number, Jar>();
  private readonly discardedIds = new Set<number>();
  private readonly resealedIds = new Set<number>();

  constructor(readonly jars: readonly Jar[]) {
    for (const jar of jars) this.byId.set(jar.id, jar);
  }

  get size(): number {
    return this.jars.length;
  }

  /** The jar with `id` as it is now, or undefined when there is none. */
  view(id: number): JarView | undefined {
    const jar = this.byId.get(id);
    if (!jar) return undefined;
    const resealed = this.resealedIds.has(id);
    const seal: Seal = resealed ? 'intact' : jar.seal;
    return { ...jar, seal, discarded: this.discardedIds.has(id), resealed };
  }

  /** Marks the jar discarded; says whether it already was. */
  discard(id: number): { alreadyDiscarded: boolean } {
    const alreadyDiscarded = this.discardedIds.has(id);
    this.discardedIds.add(id);
    return { alreadyDiscarded };
  }

  /** Closes the jar's seal; says whether it had been broken. The generated truth is unchanged:
   * resealing hides evidence, which is exactly why a gate should ask first. */
  reseal(id: number): { wasBroken: boolean } {
    const wasBroken = this.view(id)?.seal === 'broken';
    this.resealedIds.add(id);
    return { wasBroken };
  }
}
