import { describe, expect, it } from 'vitest';
import { withDefined } from './with-defined.js';

describe('withDefined', () => {
  it('leaves out the fields whose value is undefined and keeps every other value, falsy ones too', () => {
    const maybe: string | undefined = undefined;
    const fields = withDefined({ detail: maybe, count: 0, flag: false, text: '', none: null, name: 'main' });
    expect(fields).toStrictEqual({ count: 0, flag: false, text: '', none: null, name: 'main' });
    expect('detail' in fields).toBe(false);
  });

  it('spreads into an object as the optional fields it has', () => {
    const parent: string | undefined = 'main';
    const callId: string | undefined = undefined;
    expect({ agent: 'w1', ...withDefined({ parent, callId }) }).toStrictEqual({ agent: 'w1', parent: 'main' });
  });
});
