// Flags and environment values become settings, or one line naming the flag, the value and the fix.

import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { parseServerSettings } from './parse-server-settings.js';
import { wholeNumberFlag } from './whole-number.js';

const jarFlags = z.object({
  seed: wholeNumberFlag({ fallback: 1729 }),
  jars: wholeNumberFlag({ min: 1, max: 500, fallback: 80 }).describe('how many jars'),
});

describe('parseServerSettings', () => {
  it('applies the defaults when nothing is given', () => {
    expect(parseServerSettings('cookie-jars', jarFlags, [], {})).toEqual({
      kind: 'settings',
      settings: { port: 0, host: '127.0.0.1', allowOrigin: [], seed: 1729, jars: 80 },
    });
  });

  it('reads flags, repeated --allow-origin, and KITCHEN_ variables for the token and server flags', () => {
    const parsed = parseServerSettings(
      'cookie-jars',
      jarFlags,
      ['--port', '8123', '--allow-origin', 'http://a.test', '--allow-origin=http://b.test:81', '--jars', '12'],
      { KITCHEN_TOKEN: 't0k', KITCHEN_SEED: '7', KITCHEN_JARS: '99', KITCHEN_PORT: '1' },
    );
    expect(parsed).toEqual({
      kind: 'settings',
      settings: {
        port: 8123,
        host: '127.0.0.1',
        token: 't0k',
        allowOrigin: ['http://a.test', 'http://b.test:81'],
        seed: 7,
        jars: 12,
      },
    });
  });

  it('names the flag, the value and the fix in one line for a bad flag value', () => {
    expect(parseServerSettings('cookie-jars', jarFlags, ['--jars', 'lots'], {})).toEqual({
      kind: 'invalid',
      message: 'cookie-jars: --jars "lots" is not valid; use a whole number from 1 to 500.',
    });
    expect(parseServerSettings('cookie-jars', jarFlags, ['--port', '70000'], {})).toMatchObject({
      message: 'cookie-jars: --port "70000" is not valid; use a whole number from 0 to 65535 (0 picks any free port).',
    });
  });

  it('names the environment variable and the flag alternative for a bad environment value', () => {
    expect(parseServerSettings('cookie-jars', jarFlags, [], { KITCHEN_JARS: '0' })).toEqual({
      kind: 'invalid',
      message: 'cookie-jars: KITCHEN_JARS="0" is not valid; use a whole number from 1 to 500 (or pass --jars).',
    });
  });

  it('points at the bad --allow-origin among several', () => {
    const parsed = parseServerSettings(
      'dice',
      undefined,
      ['--allow-origin', 'http://ok.test', '--allow-origin', 'not an origin'],
      {},
    );
    expect(parsed).toMatchObject({
      kind: 'invalid',
      message: expect.stringMatching(/^dice: --allow-origin "not an origin" is not valid; use an origin such as/),
    });
  });

  it('refuses an unknown flag and lists the known ones', () => {
    expect(parseServerSettings('dice', undefined, ['--sides', '6'], {})).toEqual({
      kind: 'invalid',
      message:
        'dice: unknown flag --sides; known flags: --port, --host, --token, --allow-origin, --idle-session-ms, --max-sessions, --max-sessions-per-client, --log-level, --eras, --help.',
    });
  });

  it('says a flag needs a value when it has none', () => {
    expect(parseServerSettings('dice', undefined, ['--port'], {})).toMatchObject({
      message: expect.stringContaining('--port needs a value'),
    });
  });

  it('reads the session limits and the log level', () => {
    const parsed = parseServerSettings(
      'dice',
      undefined,
      ['--idle-session-ms', '1500', '--max-sessions', '3', '--max-sessions-per-client', '2', '--log-level', 'info'],
      {},
    );
    expect(parsed).toMatchObject({
      kind: 'settings',
      settings: { idleSessionMs: 1500, maxSessions: 3, maxSessionsPerClient: 2, logLevel: 'info' },
    });
    expect(parseServerSettings('dice', undefined, ['--idle-session-ms', '0'], {})).toEqual({
      kind: 'invalid',
      message: 'dice: --idle-session-ms "0" is not valid; use a whole number ≥ 1 (milliseconds).',
    });
    expect(parseServerSettings('dice', undefined, ['--log-level', 'loud'], {})).toEqual({
      kind: 'invalid',
      message: 'dice: --log-level "loud" is not valid; use one of debug, info, warn, error, silent.',
    });
  });

  it('refuses a token no client could send, without echoing it', () => {
    expect(parseServerSettings('dice', undefined, ['--token', 'a b'], {})).toEqual({
      kind: 'invalid',
      message:
        'dice: --token is not valid; it contains a space at position 2, so no client could send it in an Authorization header; use visible ASCII characters only (letters, digits, punctuation).',
    });
    expect(parseServerSettings('dice', undefined, [], { KITCHEN_TOKEN: 'tok\n' })).toEqual({
      kind: 'invalid',
      message:
        'dice: KITCHEN_TOKEN is not valid; it contains a line break (U+000A) at position 4, so no client could send it in an Authorization header; use visible ASCII characters only (letters, digits, punctuation) (or pass --token).',
    });
  });

  it('answers --help with usage text that lists the server flags and their variables', () => {
    const parsed = parseServerSettings('cookie-jars', jarFlags, ['--help'], {});
    expect(parsed.kind).toBe('help');
    expect(parsed.kind === 'help' && parsed.text).toMatch(/--jars\s+how many jars \(also KITCHEN_JARS\)/);
  });
});
