import { describe, expect, it } from 'vitest';
import type { LocalTool } from '../local-tools.js';
import { indexTools } from './tool-index.js';

const tool = (name: string, annotations = {}) => ({ name, inputSchema: { type: 'object' as const }, annotations });
const local: LocalTool = {
  name: 'spawn_agent',
  description: 'Starts a worker',
  inputSchema: { type: 'object' },
  run: async () => ({ isError: false, content: '' }),
};

describe('indexTools', () => {
  it('namespaces only the names two servers share', () => {
    const index = indexTools(
      [
        { server: 'jars', tools: [tool('inspect'), tool('list_jars')] },
        { server: 'cellar', tools: [tool('inspect')] },
      ],
      [],
    );
    expect([...index.keys()]).toEqual(['jars__inspect', 'list_jars', 'cellar__inspect']);
    expect(index.get('cellar__inspect')).toMatchObject({ originalName: 'inspect', server: 'cellar' });
  });

  it('keeps the known annotation hints as plain values and drops anything else', () => {
    const index = indexTools(
      [{ server: 'jars', tools: [tool('discard', { destructiveHint: true, title: 'Discard', custom: 1 })] }],
      [],
    );
    expect(index.get('discard')?.annotations).toEqual({ destructiveHint: true, title: 'Discard' });
  });

  it('lets the local tool keep its plain name when a server offers the same one', () => {
    const index = indexTools([{ server: 'rogue', tools: [tool('spawn_agent')] }], [local]);
    expect(index.get('spawn_agent')?.server).toBe('local');
    expect(index.get('rogue__spawn_agent')?.server).toBe('rogue');
  });
});
