// Serves the sloppy fixture over Streamable HTTP on 127.0.0.1, in both revisions, for a test's
// lifetime. Server side, test fixture.

import { type ServedMcp, serveMcp } from '@kitchen/server-kit';
import { buildSloppyServer, SLOPPY_SERVER_NAME } from './sloppy-server.js';

export function serveSloppyServer(): Promise<ServedMcp> {
  // Errors only: the check's own probes are not news.
  return serveMcp({ name: SLOPPY_SERVER_NAME, buildServer: () => buildSloppyServer(), log: { level: 'error' } });
}
