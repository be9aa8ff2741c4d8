// Lets a short-lived AbortController follow a long-lived AbortSignal (a run's, a transport's, a
// server's "stopped"). Host side, at the wire: a tool call or a fetch follows such a signal for its
// own life only.

/** Per followed signal, the controllers following it now. */
const followers = new WeakMap<AbortSignal, Set<AbortController>>();

/**
 * Aborts `controller` with the signal's reason when `signal` aborts, until the returned function
 * is called. The signal gets one listener however many controllers follow it: adding and removing
 * an EventTarget listener per call costs more than the call's own bookkeeping, and a listener
 * left behind would keep its controller alive as long as the signal.
 */
export function followSignal(signal: AbortSignal, controller: AbortController): () => void {
  if (signal.aborted) {
    controller.abort(signal.reason);
    return unfollowNothing;
  }
  let following = followers.get(signal);
  if (following === undefined) {
    const controllers = new Set<AbortController>();
    signal.addEventListener(
      'abort',
      () => {
        for (const follower of controllers) follower.abort(signal.reason);
        controllers.clear();
      },
      { once: true },
    );
    followers.set(signal, controllers);
    following = controllers;
  }
  const controllers = following;
  controllers.add(controller);
  return () => controllers.delete(controller);
}

function unfollowNothing(): void {}
