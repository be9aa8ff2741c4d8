// How much of a run each frame of the page draws, in Node: real LoopEvents folded into lanes, and
// a fake page that records what each frame put on it.

import type { DoneEvent } from '@kitchen/host';
import { describe, expect, it } from 'vitest';
import { loopEvents } from '../test/loop-events.js';
import { applyEvent, createRunView } from './page/lanes.js';
import { type FrameDrawing, undrawnChanges } from './page/undrawn.js';

const { at, toolCall, toolResult } = loopEvents();
const start = (agent: string, parent?: string) =>
  at({ type: 'agent-start', agent, name: agent, depth: parent ? 1 : 0, task: `Inspect for ${agent}`, parent });
const call = (agent: string, callId: string) => toolCall(agent, callId, { id: 1 });
const result = (agent: string, callId: string) => toolResult(agent, callId, 'jar 1: clean');
const done: DoneEvent = {
  type: 'done',
  agent: 'main',
  at: 9_000,
  finalText: 'All clean.',
  stopReason: 'end_turn',
  iterations: 1,
  toolCalls: 2,
  tokens: 100,
  costCents: 0.04,
};

/** A page that writes down, frame by frame, what it was asked to draw. */
function fakePage() {
  const frames: string[][] = [];
  let frame: string[] = [];
  const drawing: FrameDrawing = {
    placeLane: (lane) => frame.push(`lane ${lane.id}`),
    drawEntry: (lane, entry) =>
      frame.push(
        `entry ${lane.id} ${entry.kind === 'tool' ? `${entry.callId}${entry.result ? ' done' : ''}` : entry.kind}`,
      ),
    drawFrame: (lanes, ending) => {
      frame.push(`headers ${[...lanes].map((lane) => lane.id).join(',')}`);
      if (ending) frame.push('report');
    },
  };
  const endFrame = () => {
    frames.push(frame);
    frame = [];
  };
  return { drawing, frames, endFrame };
}

describe('undrawnChanges', () => {
  it('puts one new lane on the page a frame, its entries waiting for it, in their order', () => {
    const view = createRunView();
    const undrawn = undrawnChanges();
    const page = fakePage();
    for (const event of [start('main'), start('w1', 'main'), start('w2', 'main'), call('w2', 'c1'), call('w1', 'c2')])
      undrawn.note(applyEvent(view, event), event);
    const forever = Number.POSITIVE_INFINITY;
    const finished: boolean[] = [];
    for (let frame = 0; frame < 3; frame += 1) {
      finished.push(undrawn.draw(page.drawing, forever));
      page.endFrame();
    }
    expect(page.frames).toEqual([
      ['lane main', 'headers main'],
      ['lane w1', 'entry w1 c2', 'headers w1'],
      ['lane w2', 'entry w2 c1', 'headers w2'],
    ]);
    expect(finished).toEqual([false, false, true]);
  });

  it('draws an entry that changed twice since the last frame once, as it is now', () => {
    const view = createRunView();
    const undrawn = undrawnChanges();
    const page = fakePage();
    for (const event of [start('main'), call('main', 'c1'), result('main', 'c1')])
      undrawn.note(applyEvent(view, event), event);
    expect(undrawn.draw(page.drawing, Number.POSITIVE_INFINITY)).toBe(true);
    page.endFrame();
    expect(page.frames).toEqual([['lane main', 'entry main c1 done', 'headers main']]);
  });

  it('stops drawing entries when the frame is out of time, draws at least one, and ends each frame', () => {
    const view = createRunView();
    const undrawn = undrawnChanges();
    const page = fakePage();
    for (const event of [start('main'), call('main', 'c1'), call('main', 'c2'), call('main', 'c3')])
      undrawn.note(applyEvent(view, event), event);
    const past = Number.NEGATIVE_INFINITY;
    while (!undrawn.draw(page.drawing, past)) page.endFrame();
    page.endFrame();
    // Each frame ends with drawFrame, header or not: a question drawn late still gets focus.
    expect(page.frames).toEqual([
      ['lane main', 'entry main c1', 'headers main'],
      ['entry main c2', 'headers '],
      ['entry main c3', 'headers '],
    ]);
  });

  it('draws the report in a frame of its own, after the last headers', () => {
    const view = createRunView();
    const undrawn = undrawnChanges();
    const page = fakePage();
    for (const event of [start('main'), call('main', 'c1'), result('main', 'c1'), done])
      undrawn.note(applyEvent(view, event), event);
    expect(undrawn.draw(page.drawing, Number.POSITIVE_INFINITY)).toBe(false);
    page.endFrame();
    expect(undrawn.draw(page.drawing, Number.POSITIVE_INFINITY)).toBe(true);
    page.endFrame();
    // Nothing is drawn again once all is drawn.
    expect(undrawn.draw(page.drawing, Number.POSITIVE_INFINITY)).toBe(true);
    page.endFrame();
    expect(page.frames).toEqual([['lane main', 'entry main c1 done', 'headers main'], ['headers ', 'report'], []]);
  });
});
