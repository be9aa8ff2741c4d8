// One question at a time at the terminal: approvals, sampling requests and forms from several
// workers queue up here and are asked in turn, while the run's other output waits (HeldOutput).
// App side; reads lines with node:readline, opened only while a question is open, so between
// questions the terminal is left alone and Ctrl-C works as usual.

import { createInterface, type Interface } from 'node:readline';
import type { TextSink } from '@kitchen/runtime/kitchen-output';
import type { HeldOutput } from './held-output.js';

/** stdin, or a stream standing in for it in tests. */
export type PromptInput = NodeJS.ReadableStream & { isTTY?: boolean; readableEnded?: boolean };

/** What one read gives: a typed line, the end of input (Ctrl-D), or the question was withdrawn. */
export type PromptReply = { kind: 'line'; text: string } | { kind: 'closed' } | { kind: 'withdrawn' };

export interface PromptReader {
  /** Writes a line of the question (a newline is added). */
  say(text: string): void;
  /** Shows `question` and waits for one line; `signal` withdraws the question. */
  readLine(question: string, signal: AbortSignal): Promise<PromptReply>;
}

export interface TerminalPrompt {
  /** Runs `conversation` when no other question is open; the held output waits until it ends. */
  ask<T>(conversation: (reader: PromptReader) => Promise<T>): Promise<T>;
}

export interface TerminalPromptOptions {
  input: PromptInput;
  /** Where questions go. On a terminal this must be the terminal's own stream: readline echoes into it. */
  output: TextSink;
  /** Output held while a question is open (the event lines). */
  held?: HeldOutput;
  /** Ctrl-C while a question is open (the terminal is in raw mode, so no SIGINT arrives on its own). */
  onInterrupt?: () => void;
}

export function createTerminalPrompt(options: TerminalPromptOptions): TerminalPrompt {
  const { input, output } = options;
  // readline's terminal mode (raw keys, echo, line editing) needs a terminal on both ends.
  const terminal = input.isTTY === true && output.isTTY === true;
  const lines: string[] = [];
  let reader: Interface | undefined;
  let closed = false;
  let waiter: ((reply: PromptReply) => void) | undefined;
  let queue: Promise<unknown> = Promise.resolve();
  let queued = 0;

  const open = () => {
    if (reader !== undefined || closed) return;
    if (input.readableEnded === true) {
      closed = true;
      return;
    }
    const lineReader = terminal
      ? createInterface({ input, output: output as NodeJS.WritableStream, terminal: true })
      : createInterface({ input, terminal: false });
    lineReader.on('line', (line) => {
      if (waiter === undefined) lines.push(line);
      else waiter({ kind: 'line', text: line });
    });
    lineReader.on('close', () => {
      if (reader !== lineReader) return;
      reader = undefined;
      // Ctrl-D (or the end of piped input): the open question gets "closed"; a later one reopens.
      closed = !terminal;
      waiter?.({ kind: 'closed' });
    });
    lineReader.on('SIGINT', () => (options.onInterrupt ?? (() => process.kill(process.pid, 'SIGINT')))());
    reader = lineReader;
  };
  const shut = () => {
    const current = reader;
    reader = undefined;
    current?.close();
  };

  const promptReader: PromptReader = {
    say(text) {
      output.write(`${text}\n`);
    },
    readLine(question, signal) {
      if (signal.aborted) return Promise.resolve({ kind: 'withdrawn' });
      const typedAhead = lines.shift();
      if (typedAhead !== undefined) {
        output.write(`${question}${terminal ? '' : typedAhead}\n`);
        return Promise.resolve({ kind: 'line', text: typedAhead });
      }
      open();
      if (reader === undefined) return Promise.resolve({ kind: 'closed' });
      if (terminal) {
        reader.setPrompt(question);
        reader.prompt();
      } else {
        output.write(question);
      }
      return new Promise<PromptReply>((resolve) => {
        const finish = (reply: PromptReply) => {
          waiter = undefined;
          signal.removeEventListener('abort', onAbort);
          // A terminal echoes what was typed; other input (tests, typed-ahead lines) is echoed here.
          if (!terminal) output.write(`${reply.kind === 'line' ? reply.text : ''}\n`);
          else if (reply.kind !== 'line') output.write('\n');
          resolve(reply);
        };
        const onAbort = () => finish({ kind: 'withdrawn' });
        signal.addEventListener('abort', onAbort, { once: true });
        waiter = finish;
      });
    },
  };

  return {
    ask(conversation) {
      queued += 1;
      const turn = queue.then(async () => {
        options.held?.hold();
        try {
          return await conversation(promptReader);
        } finally {
          queued -= 1;
          // Keep the terminal only while questions wait, so Ctrl-C and the shell behave between them.
          if (queued === 0) shut();
          options.held?.release();
        }
      });
      queue = turn.catch(() => {});
      return turn;
    },
  };
}
