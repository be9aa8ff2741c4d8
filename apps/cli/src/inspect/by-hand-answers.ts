// How a call made by hand at the terminal (`kitchen call`, `kitchen prompt --show`) answers a
// server that asks the host for something: the runtime's by-hand answers, with the person at the
// terminal (or --yes / --no) to ask. App side.

import type { LoopEventDraft } from '@kitchen/host';
import { type ByHandAnswers, createByHandAnswers as createAnswers } from '@kitchen/runtime/by-hand-answers';
import type { KitchenConfig } from '@kitchen/runtime/config/kitchen-config';
import type { KitchenOutput } from '@kitchen/runtime/kitchen-output';
import type { KitchenFlags } from '../command/kitchen-flags.js';
import type { TerminalPerson } from '../terminal/terminal-person.js';

export type { ByHandAnswers };

export interface ByHandAnswersOptions {
  flags: KitchenFlags;
  config: Pick<KitchenConfig, 'rules' | 'sampling' | 'file'>;
  output: KitchenOutput;
  /** The person at the terminal, if any; --yes / --no answer the approvals over them. */
  terminal: TerminalPerson;
  emit: (draft: LoopEventDraft) => void;
}

/** Throws the runtime's ConfigurationError for a bad --model or budget, which the caller words. */
export function createByHandAnswers(options: ByHandAnswersOptions): ByHandAnswers {
  return createAnswers({
    settings: options.flags,
    config: options.config,
    environment: options.output.environment,
    ...(options.terminal.person === undefined ? {} : { person: options.terminal.person }),
    emit: options.emit,
  });
}
