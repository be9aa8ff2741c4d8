// What runs as one cookie-jars replica in each protocol era. App side.

import { join } from 'node:path';
import type { ProtocolEra } from '@kitchen/host';
import { KITCHEN_ROOT } from '@kitchen/runtime/app-paths';
import type { ReplicaProgram } from './replica-set.js';

/**
 * The cookie-jars example server, serving the one era (`--eras`): in 2026-07-28 statelessly (a
 * fresh server per request), in 2025-11-25 with sessions. The same program serves both on one
 * endpoint by default; one era per run keeps each balancer's job plain.
 */
export function cookieJarReplica(era: ProtocolEra): ReplicaProgram {
  const packageDirectory = join(KITCHEN_ROOT, 'servers', 'cookie-jars');
  return { packageDirectory, entryFile: join(packageDirectory, 'src', 'main.ts'), args: ['--eras', era] };
}
