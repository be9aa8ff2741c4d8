// Test helper: a loopback port nothing listens on, for a server a test starts (or restarts) on a
// port it must know first.

import { createServer } from 'node:net';

/** A port on 127.0.0.1 that was free a moment ago (the OS chose it, then it was let go). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address !== null ? address.port : 0));
    });
  });
}
