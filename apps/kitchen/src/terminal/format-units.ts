// How the app counts things for people. App side: money, tokens and durations come from the
// host's one formatter (@kitchen/host formatCents, formatTokens, formatDuration).

import { formatTokens } from '@kitchen/host';

/** "1 iter", "3 iters". */
export function plural(count: number, singular: string, pluralForm = `${singular}s`): string {
  return `${formatTokens(count)} ${count === 1 ? singular : pluralForm}`;
}
