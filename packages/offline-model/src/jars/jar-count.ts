// "How many jars are there?": list the jars (every page) and say how many and which. Host side.

import type { Conversation } from '../conversation.js';
import { answer, callTools, type Decision } from '../decision.js';
import { findTool } from '../tools/tool-names.js';
import { describeJars } from './id-list.js';
import { buildLedger } from './jar-ledger.js';
import { listingState } from './jar-listing.js';

export function planJarCount(conversation: Conversation, reportNow: boolean): Decision {
  const state = listingState(buildLedger(conversation.exchanges), findTool(conversation.tools, 'list_jars'), reportNow);
  if (state.kind === 'needed') return callTools('Listing the jars.', state.calls);
  if (state.kind === 'failed') return answer(`I could not count the jars: ${state.problem}.`);
  const count = state.ids.length;
  const which = count > 0 ? `: ${describeJars(state.ids)}` : '';
  return answer(
    `There ${count === 1 ? 'is 1 jar' : `are ${count} jars`}${which}.${state.problem !== undefined ? ` ${state.problem}` : ''}`,
  );
}
