// Serves the sloppy fixture over Streamable HTTP on 127.0.0.1, in both revisions, for a test's
// lifetime. Server side, test fixture.

import { type ServedMcp, serveMcp } from '@kitchen/server-kit';
import { inspectServer } from '../inspect-server.js';
import type { ServerOffer } from '../server-offer.js';
import { buildSloppyServer, SLOPPY_SERVER_NAME } from './sloppy-server.js';

export function serveSloppyServer(): Promise<ServedMcp> {
  // Silent: the check's and the conformance suite's probes are refused on purpose, not news.
  return serveMcp({ name: SLOPPY_SERVER_NAME, buildServer: () => buildSloppyServer(), log: { level: 'silent' } });
}

/** What the sloppy server offers in 2026-07-28 (the revision whose client takes its whole list). */
export async function inspectSloppyServer(): Promise<ServerOffer> {
  const served = await serveSloppyServer();
  try {
    return await inspectServer({ name: SLOPPY_SERVER_NAME, url: served.url }, { eras: ['2026-07-28'] });
  } finally {
    await served.close();
  }
}
