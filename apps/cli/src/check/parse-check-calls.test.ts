import { describe, expect, it } from 'vitest';
import { parseCheckCalls } from './parse-check-calls.js';

describe('parseCheckCalls', () => {
  it('reads a bare tool name as a call with no arguments, and TOOL=JSON with its arguments', () => {
    expect(parseCheckCalls(['list_jars', 'roll_dice={"count": 3, "note": "a=b"}'])).toEqual({
      ok: true,
      calls: [
        { tool: 'list_jars', arguments: {} },
        { tool: 'roll_dice', arguments: { count: 3, note: 'a=b' } },
      ],
    });
  });

  it('refuses arguments that are not JSON, or not a JSON object, naming the tool and an example', () => {
    const notJson = parseCheckCalls(['roll_dice={count: 3}']);
    expect(notJson.ok).toBe(false);
    expect(!notJson.ok && notJson.message).toMatch(/^kitchen check: --call roll_dice=…: the arguments are not JSON/);
    const list = parseCheckCalls(['roll_dice=[1, 2]']);
    expect(!list.ok && list.message).toContain('must be a JSON object');
    expect(parseCheckCalls(['={"a": 1}']).ok).toBe(false);
  });
});
