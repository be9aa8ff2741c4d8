// @kitchen/offline-model: the offline model, a deterministic stand-in on the host's Model seam.
// Host side of the boundary: it sees only the request (task, tool list, tool results) and drives
// servers only through the tool calls it asks the host to make. Explicit exports only.

export type { OfflineModelOptions } from './offline-model.js';
export { OFFLINE_BATCH_SIZE, OFFLINE_MODEL_ID, OfflineModel } from './offline-model.js';
export { notUnderstoodLine } from './tools/repertoire.js';
