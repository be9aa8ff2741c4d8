// Which names become servers/<name>, and what a refusal says. Pure.

import { describe, expect, it } from 'vitest';
import { checkServerName, MAX_NAME_LENGTH, suggestName } from './check-server-name.js';

describe('checkServerName', () => {
  it.each(['tea-timer', 'dice2', 'a', 'x'.repeat(MAX_NAME_LENGTH)])('accepts %j', (name) => {
    expect(checkServerName(name)).toEqual({ ok: true });
  });

  it.each([
    ['Tea_Timer', '"Tea_Timer" is not a valid server name', 'e.g. "tea-timer"'],
    ['tea--timer', 'is not a valid server name', 'e.g. "tea-timer"'],
    ['-tea', 'is not a valid server name', 'starting with a letter'],
    ['2dice', 'is not a valid server name', 'starting with a letter'],
    ['tea timer', 'is not a valid server name', 'e.g. "tea-timer"'],
    ['x'.repeat(MAX_NAME_LENGTH + 1), `is ${MAX_NAME_LENGTH + 1} characters long`, `at most ${MAX_NAME_LENGTH}`],
    ['host', '"host" is reserved', 'e.g. "my-host"'],
    ['server-kit', '"server-kit" is reserved', 'pick another name'],
    ['', 'give the new server a name', 'pnpm new-server tea-timer'],
  ])('refuses %j, saying what is wrong and what to do', (name, problem, fix) => {
    const check = checkServerName(name);
    expect(check.ok).toBe(false);
    if (!check.ok) {
      expect(check.message).toContain(problem);
      expect(check.message).toContain(fix);
    }
  });
});

describe('suggestName', () => {
  it('turns a near miss into a valid name, or nothing', () => {
    expect(suggestName('TeaTimer')).toBe('tea-timer');
    expect(suggestName('  my_new   server! ')).toBe('my-new-server');
    expect(suggestName('42')).toBe('');
  });
});
