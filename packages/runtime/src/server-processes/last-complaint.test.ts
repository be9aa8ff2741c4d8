// What a server's stderr adds to "stopped unexpectedly": its own complaint, never a routine log
// entry that happened to come last. Pure, no processes.

import { describe, expect, it } from 'vitest';
import { lastComplaint } from './launch-server.js';

const refused = JSON.stringify({ level: 'warn', event: 'request-refused', status: 400 });

describe('lastComplaint', () => {
  it('is nothing when the last line is a routine structured log entry (info or warn)', () => {
    expect(lastComplaint([refused])).toBeUndefined();
    expect(lastComplaint(['booting', JSON.stringify({ level: 'info', event: 'server-listening' })])).toBeUndefined();
    expect(lastComplaint([])).toBeUndefined();
  });

  it('keeps an entry logged as an error, and plain words', () => {
    const failed = JSON.stringify({ level: 'error', event: 'store-failed' });
    expect(lastComplaint([refused, failed])).toBe(failed);
    expect(lastComplaint([refused, 'out of disk space'])).toBe('out of disk space');
  });

  it('skips stack frames and the closing Node.js version line', () => {
    expect(lastComplaint(['RangeError: too deep', '    at walk (main.ts:3:9)', 'Node.js v20.20.2'])).toBe(
      'RangeError: too deep',
    );
  });
});
