import { getEventListeners } from 'node:events';
import { describe, expect, it } from 'vitest';
import { followSignal } from './follow-signal.js';

describe('followSignal', () => {
  it('aborts every follower with the signal’s reason, and only those still following', () => {
    const run = new AbortController();
    const following = new AbortController();
    const finished = new AbortController();
    followSignal(run.signal, following);
    const unfollow = followSignal(run.signal, finished);
    unfollow();
    const reason = new Error('the run was stopped');
    run.abort(reason);
    expect(following.signal.aborted).toBe(true);
    expect(following.signal.reason).toBe(reason);
    expect(finished.signal.aborted).toBe(false);
  });

  it('aborts a follower at once when the signal has already fired', () => {
    const run = new AbortController();
    run.abort('gone');
    const late = new AbortController();
    followSignal(run.signal, late)();
    expect(late.signal.reason).toBe('gone');
  });

  it('adds one listener to the signal however many controllers follow it', () => {
    const run = new AbortController();
    const unfollow = Array.from({ length: 20 }, () => followSignal(run.signal, new AbortController()));
    expect(getEventListeners(run.signal, 'abort')).toHaveLength(1);
    for (const stop of unfollow) stop();
    const again = new AbortController();
    followSignal(run.signal, again);
    expect(getEventListeners(run.signal, 'abort')).toHaveLength(1);
    run.abort();
    expect(again.signal.aborted).toBe(true);
  });
});
