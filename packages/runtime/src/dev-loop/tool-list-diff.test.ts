// The tool-list diff kitchen dev prints after a restart. Pure, no processes.

import { describe, expect, it } from 'vitest';
import { describeToolListChange, diffToolLists, type ListedTool } from './tool-list-diff.js';

const roll: ListedTool = {
  name: 'roll',
  description: 'Roll dice',
  inputSchema: { type: 'object', properties: { sides: { type: 'number' }, count: { type: 'number' } } },
  annotations: { readOnlyHint: true },
};

describe('diffToolLists', () => {
  it('finds nothing when the list is the same, even with schema keys in another order', () => {
    const reordered = {
      ...roll,
      inputSchema: { properties: { count: { type: 'number' }, sides: { type: 'number' } }, type: 'object' },
    };
    expect(diffToolLists([roll], [reordered])).toEqual([]);
  });

  it('names tools added and removed, in name order', () => {
    const changes = diffToolLists([roll, { name: 'flip' }], [roll, { name: 'weigh' }, { name: 'add' }]);
    expect(changes).toEqual([
      { kind: 'removed', tool: 'flip' },
      { kind: 'added', tool: 'add' },
      { kind: 'added', tool: 'weigh' },
    ]);
  });

  it('says which parts of a tool changed: description, input schema, annotations', () => {
    const edited = {
      ...roll,
      description: 'Roll some dice',
      inputSchema: { type: 'object', properties: { sides: { type: 'integer' } } },
      annotations: { readOnlyHint: false },
    };
    expect(diffToolLists([roll], [edited])).toEqual([
      { kind: 'changed', tool: 'roll', parts: ['description', 'input schema', 'annotations'] },
    ]);
    expect(diffToolLists([roll], [{ ...roll, description: 'Roll' }])).toEqual([
      { kind: 'changed', tool: 'roll', parts: ['description'] },
    ]);
  });

  it('treats a missing description or annotations as empty ones', () => {
    expect(diffToolLists([{ name: 'a' }], [{ name: 'a', description: '', annotations: {} }])).toEqual([]);
  });
});

describe('describeToolListChange', () => {
  it('gives one line per change, marked + - ~', () => {
    expect(describeToolListChange({ kind: 'added', tool: 'weigh' })).toBe('+ weigh (added)');
    expect(describeToolListChange({ kind: 'removed', tool: 'flip' })).toBe('- flip (removed)');
    expect(describeToolListChange({ kind: 'changed', tool: 'roll', parts: ['description', 'input schema'] })).toBe(
      '~ roll (description, input schema changed)',
    );
  });
});
