// The depth scan that refuses deep JSON before it is parsed, on bytes and on parsed values. Server side.

import { describe, expect, it } from 'vitest';
import { nestsDeeperThan, valueNestsDeeperThan } from './json-depth.js';

const bytes = (text: string) => Buffer.from(text, 'utf8');

describe('nestsDeeperThan', () => {
  it('counts arrays and objects inside one another', () => {
    expect(nestsDeeperThan(bytes('[[{"a":[1]}]]'), 4)).toBe(false);
    expect(nestsDeeperThan(bytes('[[{"a":[[1]]}]]'), 4)).toBe(true);
  });

  it('counts siblings once, not added up', () => {
    expect(nestsDeeperThan(bytes('[[1],[2],{"a":{}},[[3]]]'), 3)).toBe(false);
  });

  it('ignores brackets inside strings, escaped quotes included', () => {
    expect(nestsDeeperThan(bytes('{"a":"[[[[{{{{","b":"\\"[[[[","c":"é[["}'), 1)).toBe(false);
    expect(nestsDeeperThan(bytes('{"a":"\\\\",  "b":[[1]]}'), 2)).toBe(true);
  });

  it('finds 5,000 levels in 10 KB', () => {
    expect(nestsDeeperThan(bytes(`${'['.repeat(5_000)}${']'.repeat(5_000)}`), 64)).toBe(true);
  });

  it('says nothing of text that is not JSON beyond its brackets', () => {
    expect(nestsDeeperThan(bytes('not json'), 1)).toBe(false);
    expect(nestsDeeperThan(bytes(']]]][['), 1)).toBe(false);
  });
});

describe('valueNestsDeeperThan', () => {
  it('measures a parsed value the same way', () => {
    expect(valueNestsDeeperThan(JSON.parse('[[{"a":[1]}]]'), 4)).toBe(false);
    expect(valueNestsDeeperThan(JSON.parse('[[{"a":[[1]]}]]'), 4)).toBe(true);
    expect(valueNestsDeeperThan('text', 0)).toBe(false);
  });

  it('walks 5,000 levels without overflowing', () => {
    expect(valueNestsDeeperThan(JSON.parse(`${'['.repeat(5_000)}${']'.repeat(5_000)}`), 64)).toBe(true);
  });
});
