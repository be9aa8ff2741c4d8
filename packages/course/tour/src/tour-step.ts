// What a tour step is: a title, the command that runs it, and a function that prints what it
// shows. Steps print through `say` so the tests read exactly what a person would see.

import { anchor } from './anchor.js';

export interface TourOutput {
  /** One line (or several, joined by "\n") for the person following the tour. */
  say(text?: string): void;
  /** A "see path:line — what it is" pointer, found by marker at run time. */
  see(path: string, marker: string, what: string): void;
}

export interface TourStep {
  number: number;
  title: string;
  /** `flags`: the command's `--` words, e.g. step 6's `--break`. */
  run(output: TourOutput, flags?: ReadonlySet<string>): Promise<void>;
}

export function printerTo(write: (line: string) => void): TourOutput {
  return {
    say: (text = '') => write(text),
    see: (path, marker, what) => write(`  see ${anchor(path, marker)}  ${what}`),
  };
}

/** Collects everything a step prints, for tests. */
export function collectOutput(): TourOutput & { text(): string } {
  const lines: string[] = [];
  return { ...printerTo((line) => lines.push(line)), text: () => lines.join('\n') };
}
