import { describe, expect, it } from 'vitest';
import type { Message } from '../model.js';
import { establishedReport } from './established-report.js';
import { lastChanceNudge } from './last-chance.js';

describe('last chance', () => {
  it('asks for what the agent DID establish, with a first sentence that says which limit it hit', () => {
    const rest = 'Reply now, without tools, with a short report of what you DID establish and what you did not reach.';
    expect(lastChanceNudge('max_iterations')).toBe(`You have reached the iteration limit. ${rest}`);
    expect(lastChanceNudge('budget')).toBe(`The run has almost no token budget left. ${rest}`);
    expect(lastChanceNudge('tool_calls')).toBe(`The run has used all of its tool calls. ${rest}`);
  });
});

describe('establishedReport', () => {
  const conversation: Message[] = [
    { role: 'user', content: 'Check jars 1 to 3.' },
    {
      role: 'assistant',
      content: [
        { type: 'text', text: 'Discarding jars 1, 2 and 3 now.' },
        { type: 'tool_use', id: 't1', name: 'inspect_jar', input: { id: 1 } },
        { type: 'tool_use', id: 't2', name: 'inspect_jar', input: { id: 2 } },
        { type: 'tool_use', id: 't3', name: 'spawn_agent', input: { task: 'Check jar 3.', name: 'three' } },
      ],
    },
    {
      role: 'user',
      content: [
        { type: 'tool_result', tool_use_id: 't1', content: '{"id":1,\n "seal":"broken"}' },
        { type: 'tool_result', tool_use_id: 't2', content: 'Request timed out', is_error: true },
        { type: 'tool_result', tool_use_id: 't3', content: 'Jar 3: intact.\nJar 3 weighs 412 g.' },
      ],
    },
  ];

  // spawn_agent answers with a worker's report: the toolbox says so through its LocalTool.
  const tools = { localTool: (name: string) => (name === 'spawn_agent' ? { reportsWhole: true } : undefined) };

  it('lists what the tool results established in words, keeps a worker report whole and names what was not done', () => {
    expect(establishedReport('aborted', conversation, tools)).toBe(
      [
        'What the tool results established (2 of 3 calls):',
        '- inspect_jar id 1: id 1, seal broken',
        '- spawn_agent three (Check jar 3.):',
        '  Jar 3: intact.',
        '  Jar 3 weighs 412 g.',
        'Not done or not reached (1 call):',
        '- inspect_jar id 2: Request timed out',
        'The run was stopped before I could finish.',
      ].join('\n'),
    );
  });

  it('names a worker that established nothing as not reached, with its task', () => {
    const spawned: Message[] = [
      { role: 'user', content: 'Check all jars.' },
      {
        role: 'assistant',
        content: [
          { type: 'tool_use', id: 'w1', name: 'spawn_agent', input: { task: 'Check jars 1-40.', name: 'jars-1-40' } },
          { type: 'tool_use', id: 'w2', name: 'spawn_agent', input: { task: 'Check jars 41-80.', name: 'jars-41-80' } },
        ],
      },
      {
        role: 'user',
        content: [
          { type: 'tool_result', tool_use_id: 'w1', content: 'jar 3: weight off by +6 g' },
          {
            type: 'tool_result',
            tool_use_id: 'w2',
            content: 'Nothing established. I ran out of token budget before I could finish.',
          },
        ],
      },
    ];
    expect(establishedReport('budget', spawned, tools)).toBe(
      [
        'What the tool results established (1 of 2 calls):',
        '- spawn_agent jars-1-40 (Check jars 1-40.):',
        '  jar 3: weight off by +6 g',
        'Not done or not reached (1 call):',
        '- spawn_agent jars-41-80 (Check jars 41-80.): Nothing established. I ran out of token budget before I could finish.',
        'I ran out of token budget before I could finish.',
      ].join('\n'),
    );
  });

  it('never repeats what the agent said it would do', () => {
    expect(establishedReport('wall_time', conversation)).not.toContain('Discarding');
  });

  it('says nothing was established when no call answered', () => {
    expect(establishedReport('max_iterations', [{ role: 'user', content: 'go' }])).toBe(
      'Nothing established. I reached the iteration limit before I could finish.',
    );
  });
});
