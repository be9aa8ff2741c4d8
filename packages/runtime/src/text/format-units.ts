// How the kitchen counts things for people: money, tokens and durations come from the host's one
// formatter (@kitchen/host/format), with the plural beside them. No node import, so a browser
// bundle can take it as it is (@kitchen/runtime/format). Runtime side.

import { formatTokens } from '@kitchen/host/format';

export { formatCents, formatDuration, formatTokens } from '@kitchen/host/format';

/** "1 iter", "3 iters". */
export function plural(count: number, singular: string, pluralForm = `${singular}s`): string {
  return `${formatTokens(count)} ${count === 1 ? singular : pluralForm}`;
}
