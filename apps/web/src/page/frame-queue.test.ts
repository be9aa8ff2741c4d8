import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { workInFrames } from './frame-queue.js';

// Frames by hand: each requestAnimationFrame callback waits until the test runs the next frame.
let frames: Array<() => void> = [];
const realRequestAnimationFrame = globalThis.requestAnimationFrame;
beforeEach(() => {
  frames = [];
  globalThis.requestAnimationFrame = ((callback: () => void) => frames.push(callback)) as typeof requestAnimationFrame;
});
afterEach(() => {
  globalThis.requestAnimationFrame = realRequestAnimationFrame;
});
function runFrame(): void {
  const due = frames;
  frames = [];
  for (const callback of due) callback();
}

describe('workInFrames', () => {
  it('takes every item in order in the next frame, then draws what they changed once', () => {
    const taken: number[] = [];
    const changed = new Set<string>();
    const drawn: string[][] = [];
    const queue = workInFrames<number>({
      take: (item) => {
        taken.push(item);
        changed.add(item % 2 === 0 ? 'even' : 'odd');
      },
      draw: () => {
        drawn.push([...changed]);
        changed.clear();
        return true;
      },
    });
    for (const item of [1, 2, 3, 4]) queue.add(item);
    expect(taken).toEqual([]);
    expect(queue.waiting).toBe(4);
    runFrame();
    expect(taken).toEqual([1, 2, 3, 4]);
    // Four changes to two things: two drawn, in one frame.
    expect(drawn).toEqual([['odd', 'even']]);
    expect(frames).toHaveLength(0);
  });

  it('asks for another frame while drawing is not finished, and draws at least once a frame', () => {
    let left = 3;
    const untils: number[] = [];
    const queue = workInFrames<string>({
      take: () => {},
      draw: (until) => {
        untils.push(until);
        left -= 1;
        return left === 0;
      },
    });
    queue.add('burst');
    runFrame();
    runFrame();
    expect(frames).toHaveLength(1);
    runFrame();
    expect(left).toBe(0);
    expect(frames).toHaveLength(0);
    expect(untils).toHaveLength(3);
    // Each frame's budget is from that frame's start, later than the last.
    expect(untils[1]).toBeGreaterThanOrEqual(untils[0] as number);
  });

  it('leaves items for the next frame once its time to take them is spent', () => {
    const taken: number[] = [];
    const queue = workInFrames<number>({
      take: (item) => {
        taken.push(item);
        // A slow item: the frame's time to take is spent after it.
        const until = performance.now() + 6;
        while (performance.now() < until) {}
      },
      draw: () => true,
    });
    for (const item of [1, 2, 3]) queue.add(item);
    runFrame();
    expect(taken).toEqual([1]);
    expect(queue.waiting).toBe(2);
    runFrame();
    runFrame();
    expect(taken).toEqual([1, 2, 3]);
    expect(queue.waiting).toBe(0);
  });
});
