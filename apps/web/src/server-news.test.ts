// The servers' news on the page, in Node: which servers are down, the log's words, a restart's
// tool-list diff and the lanes that called a server that went down.

import { describe, expect, it } from 'vitest';
import { foldEvents } from './page/lanes.js';
import {
  applyServerNews,
  createServerNewsState,
  describeServerNews,
  downNote,
  laneServersDown,
  type ServerNews,
  serversDown,
} from './page/server-news.js';
import { ServerNewsFeed } from './server-news-feed.js';

const stopped = (restarting: boolean): ServerNews => ({
  type: 'server-stopped',
  at: 1,
  server: 'cookie-jars',
  reason: 'killed by SIGKILL',
  restarting,
});

describe('servers down, from the news', () => {
  it('holds a server down from its stop until it is started again, and says so on the toolbox line', () => {
    const state = createServerNewsState();
    expect(downNote(state)).toBe('');
    expect(applyServerNews(state, stopped(true))).toBe(true);
    expect(serversDown(state)).toEqual(['cookie-jars']);
    expect(downNote(state)).toBe(' · 🔌 cookie-jars is down');
    expect(applyServerNews(state, { type: 'server-stderr', at: 2, server: 'cookie-jars', line: 'boom' })).toBe(false);
    expect(
      applyServerNews(state, {
        type: 'server-restarted',
        at: 3,
        server: 'cookie-jars',
        url: 'http://127.0.0.1:5/mcp',
        startMs: 300,
      }),
    ).toBe(true);
    expect(serversDown(state)).toEqual([]);
    applyServerNews(state, stopped(false));
    applyServerNews(state, { type: 'server-restart-failed', at: 4, server: 'dice', reason: 'port in use' });
    expect(downNote(state)).toBe(' · 🔌 cookie-jars, dice are down');
  });

  it('names only the servers a lane called among those down', () => {
    const view = foldEvents([
      { type: 'agent-start', agent: 'main', name: 'main', depth: 0, task: 't', at: 1 },
      { type: 'tool-call', agent: 'main', callId: 'c1', tool: 'inspect_jar', server: 'cookie-jars', input: {}, at: 2 },
    ]);
    const lane = view.lanes[0]!;
    expect(laneServersDown(lane, new Set(['cookie-jars', 'dice']))).toEqual(['cookie-jars']);
    expect(laneServersDown(lane, new Set(['dice']))).toEqual([]);
  });
});

describe("the servers' log", () => {
  it('says a stop, a restart, the tool-list changes and stderr in words, cleaned', () => {
    expect(describeServerNews(stopped(true))).toEqual([
      '⚠️ cookie-jars stopped unexpectedly (killed by SIGKILL); starting it again',
    ]);
    expect(describeServerNews(stopped(false))[0]).toMatch(/its tools will fail from now on$/);
    expect(
      describeServerNews({
        type: 'tools-changed',
        at: 5,
        server: 'dice',
        tools: 3,
        was: 2,
        changes: [
          { kind: 'removed', tool: 'roll_old' },
          { kind: 'added', tool: 'weigh' },
          { kind: 'changed', tool: 'roll', parts: ['description'] },
        ],
      }),
    ).toEqual([
      '🔧 dice: 3 tools (was 2):',
      '   - roll_old (removed)',
      '   + weigh (added)',
      '   ~ roll (description changed)',
    ]);
    expect(
      describeServerNews({ type: 'server-stderr', at: 6, server: 'dice', line: 'warn\u001b[31m red\u0007' }),
    ).toEqual(['[dice] warn red']);
    expect(
      describeServerNews({ type: 'server-files-changed', at: 7, server: 'dice', files: ['src/a.ts', 'src/b.ts'] }),
    ).toEqual(['🔁 src/a.ts and 1 more changed; restarting dice']);
  });
});

describe('the news feed', () => {
  it('tells a listing after the first as what changed in the tool list', () => {
    const feed = new ServerNewsFeed();
    const heard: ServerNews[] = [];
    feed.subscribe(({ news }) => heard.push(news));
    feed.listed('dice', [{ name: 'roll', description: 'Roll dice', inputSchema: { type: 'object' } }]);
    expect(heard).toEqual([]);
    feed.listed('dice', [
      { name: 'roll', description: 'Roll some dice', inputSchema: { type: 'object' } },
      { name: 'flip', description: 'Flip a coin', inputSchema: { type: 'object' } },
    ]);
    expect(heard).toEqual([
      {
        type: 'tools-changed',
        at: expect.any(Number),
        server: 'dice',
        tools: 2,
        was: 1,
        changes: [
          { kind: 'added', tool: 'flip' },
          { kind: 'changed', tool: 'roll', parts: ['description'] },
        ],
      },
    ]);
  });

  it('resumes after the last news a page heard, and gives everything to a page of an earlier kitchen', () => {
    const feed = new ServerNewsFeed();
    for (const line of ['a', 'b', 'c']) feed.push({ type: 'server-stderr', at: 1, server: 'dice', line });
    expect(feed.since(2).map(({ index }) => index)).toEqual([2]);
    expect(feed.since(40).map(({ index }) => index)).toEqual([0, 1, 2]);
  });
});
