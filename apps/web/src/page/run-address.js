// A run's address on the kitchen web page: ?run=ID shows run ID (live or from its trace), and
// ?run=ID&replay=SPEED plays its trace again. App side, in the browser.

/** Makes the address bar show run `runId` (a replay at `replaySpeed` when given), as a new history entry unless `replace`. */
export function setRunAddress(runId, replace, replaySpeed) {
  const address = new URL(location.href);
  address.search = '';
  address.searchParams.set('run', runId);
  if (replaySpeed !== undefined) address.searchParams.set('replay', String(replaySpeed));
  if (replace) history.replaceState({ runId }, '', address);
  else history.pushState({ runId }, '', address);
}

/** The run an address names: `{ runId, replaySpeed }` for a replay, `{ runId }` to show it, or undefined. */
export function addressedRun(params) {
  const runId = params.get('run');
  if (!runId) return undefined;
  return params.has('replay') ? { runId, replaySpeed: Number(params.get('replay')) } : { runId };
}
