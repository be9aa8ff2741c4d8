// How a run names the model that drove it, in a summary line or a page's header. Runtime side.

/** The offline model says what it is whenever it drives a run. */
export function describeModel(model: { label: string; id: string }): string {
  return model.id === 'offline' ? 'offline model (deterministic, no network)' : model.label;
}
