// The page bench's readings of what Chromium and the page report: which task counts as the page's,
// and which long tasks belong to the run rather than to loading the page.
import { describe, expect, it } from 'vitest';
import { longestMainThreadTask, pageLongTasks } from './page-figures.js';

describe('pageLongTasks', () => {
  it('counts the long tasks from the Run click on, and keeps the loading one apart', () => {
    const tasks: Array<[number, number]> = [
      [157, 200],
      [1109, 53],
      [2400, 61],
    ];
    expect(pageLongTasks(tasks, 593)).toEqual({ longTasks: 2, longestObservedMs: 61, loadLongestObservedMs: 200 });
  });

  it('says 0 when the page saw no long task', () => {
    expect(pageLongTasks([], 10)).toEqual({ longTasks: 0, longestObservedMs: 0, loadLongestObservedMs: 0 });
  });
});

describe('longestMainThreadTask', () => {
  const thread = (tid: number, name: string) => ({ name: 'thread_name', ph: 'M', pid: 1, tid, args: { name } });
  const task = (tid: number, dur: number, tdur: number) => ({
    name: 'ThreadControllerImpl::RunTask',
    ph: 'X',
    pid: 1,
    tid,
    dur,
    tdur,
  });

  it("reads only the renderer's main thread, by wall clock and by thread time", () => {
    const trace = {
      traceEvents: [
        thread(7, 'CrRendererMain'),
        thread(8, 'Compositor'),
        task(7, 43_100, 26_500),
        task(7, 12_000, 30_000),
        task(8, 400_000, 400_000),
      ],
    };
    expect(longestMainThreadTask(JSON.stringify(trace))).toEqual({ longestTaskMs: 43.1, longestTaskCpuMs: 30 });
  });
});
