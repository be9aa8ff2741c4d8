// How a run names the model that drove it, in a summary line or a page's header. Runtime side.

/** The offline model says what it is whenever it drives a run; a local one, where it answers. */
export function describeModel(model: { label: string; id: string }, local?: { baseUrl: string }): string {
  if (model.id === 'offline') return 'offline model (deterministic, no network)';
  return local === undefined ? model.label : `${model.label} (local, ${local.baseUrl})`;
}
