import { describe, expect, it } from 'vitest';
import { ConfigurationError } from '../errors.js';
import { checkSeatbelts, DEFAULT_SEATBELTS, parseSeatbelts, type Seatbelts } from './seatbelts.js';

const limits: Seatbelts = { maxIterations: 20, maxToolCalls: 50, maxWallTimeMs: 120_000, maxResultChars: 20_000 };

function problemOf(input: unknown): string {
  try {
    parseSeatbelts(input);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigurationError);
    return (error as ConfigurationError).message;
  }
  throw new Error('expected a ConfigurationError');
}

describe('parseSeatbelts', () => {
  it('fills missing limits from the defaults', () => {
    expect(parseSeatbelts()).toEqual(DEFAULT_SEATBELTS);
    expect(parseSeatbelts({ maxToolCalls: 50 })).toEqual({ ...DEFAULT_SEATBELTS, maxToolCalls: 50 });
  });

  it('accepts whole numbers given as flag strings', () => {
    expect(parseSeatbelts({ maxIterations: '5', maxWallTimeMs: ' 90000 ' })).toEqual({
      ...DEFAULT_SEATBELTS,
      maxIterations: 5,
      maxWallTimeMs: 90_000,
    });
  });

  it('names the field and the fix for a bad value', () => {
    expect(problemOf({ maxToolCalls: 0 })).toBe('maxToolCalls must be a whole number, 1 or more (got 0)');
    expect(problemOf({ maxIterations: '2.5' })).toBe('maxIterations must be a whole number, 1 or more (got "2.5")');
    expect(problemOf({ maxWallTimeMs: 'soon' })).toBe(
      'maxWallTimeMs must be a whole number of milliseconds, 1 or more (got "soon")',
    );
  });

  it('refuses unknown seatbelts', () => {
    expect(problemOf({ maxTools: 3 })).toBe(
      'unknown seatbelt "maxTools"; the seatbelts are maxIterations, maxToolCalls, maxWallTimeMs and maxResultChars',
    );
  });
});

describe('checkSeatbelts', () => {
  it('lets a run inside its limits go on', () => {
    expect(checkSeatbelts({ toolCalls: 49, elapsedMs: 119_999, limits })).toBeUndefined();
  });

  it('stops at the tool-call limit and says which limit, its value and what was spent', () => {
    expect(checkSeatbelts({ toolCalls: 50, elapsedMs: 0, limits })).toEqual({
      limit: { limit: 'maxToolCalls', value: 50, spent: 50 },
      message: 'Stopped: the run made 50 tool calls, its limit.',
    });
    expect(checkSeatbelts({ toolCalls: 53, elapsedMs: 0, limits })?.message).toBe(
      'Stopped: the run made 53 tool calls, past its limit of 50.',
    );
  });

  it('stops at the wall-time limit', () => {
    expect(checkSeatbelts({ toolCalls: 0, elapsedMs: 120_000, limits })).toEqual({
      limit: { limit: 'maxWallTimeMs', value: 120_000, spent: 120_000 },
      message: 'Stopped: the run reached 2 min of wall time, its limit.',
    });
  });
});
