// Output that can be held back while a question is open at the terminal, so a worker's event
// lines never land in the middle of a prompt; they follow it, in order. App side.

import type { TextSink } from '@kitchen/runtime/kitchen-output';

export interface HeldOutput extends TextSink {
  /** From now on, writes wait. Holds nest: each hold needs its release. */
  hold(): void;
  /** Ends one hold; when none is left, everything that waited is written, in order. */
  release(): void;
}

export interface HeldOutputHooks {
  /** The first hold began: a question is about to be asked (the live board steps aside). */
  onHold?: () => void;
  /** The last hold ended and what waited was written. */
  onRelease?: () => void;
}

export function createHeldOutput(sink: TextSink, hooks: HeldOutputHooks = {}): HeldOutput {
  const waiting: string[] = [];
  let holds = 0;
  return {
    get isTTY() {
      return sink.isTTY;
    },
    get columns() {
      return sink.columns;
    },
    write(text: string) {
      if (holds > 0) waiting.push(text);
      else sink.write(text);
      return true;
    },
    hold() {
      holds += 1;
      if (holds === 1) hooks.onHold?.();
    },
    release() {
      if (holds === 0) return;
      holds -= 1;
      if (holds > 0) return;
      if (waiting.length > 0) sink.write(waiting.splice(0).join(''));
      hooks.onRelease?.();
    },
  };
}
