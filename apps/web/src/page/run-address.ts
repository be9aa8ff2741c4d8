// A run's address on the kitchen web page: ?run=ID shows run ID (live or from its trace), and
// ?run=ID&replay=SPEED plays its trace again. App side, in the browser.

/** What an address names: a run to show, or (with `replaySpeed`) to play again. */
export interface AddressedRun {
  runId: string;
  replaySpeed?: number;
}

/** Makes the address bar show run `runId` (a replay at `replaySpeed` when given), as a new history entry unless `replace`. */
export function setRunAddress(runId: string, replace: boolean, replaySpeed?: number): void {
  const address = new URL(location.href);
  address.search = '';
  address.searchParams.set('run', runId);
  if (replaySpeed !== undefined) address.searchParams.set('replay', String(replaySpeed));
  if (replace) history.replaceState({ runId }, '', address);
  else history.pushState({ runId }, '', address);
}

/** The run an address names: `{ runId, replaySpeed }` for a replay, `{ runId }` to show it, or undefined. */
export function addressedRun(params: URLSearchParams): AddressedRun | undefined {
  const runId = params.get('run');
  if (!runId) return undefined;
  return params.has('replay') ? { runId, replaySpeed: Number(params.get('replay')) } : { runId };
}
