// The inspector's Check panel: one connected server checked with @kitchen/check, the same report
// `kitchen check --json` prints (no call is made: the panel names none). App side; the checking
// is the library's.

import { type CheckReport, checkServer, checkTargetFor, type TokenCounting } from '@kitchen/check';
import type { ServerConnection } from '@kitchen/host';

export type ServerCheck = { ok: true; report: CheckReport } | { ok: false; status: number; message: string };

export async function checkServerByName(
  connections: readonly ServerConnection[],
  server: string,
  environment: NodeJS.ProcessEnv,
): Promise<ServerCheck> {
  const connection = connections.find((candidate) => candidate.name === server);
  if (connection === undefined) return { ok: false, status: 404, message: `There is no server named "${server}".` };
  const apiKey = environment['ANTHROPIC_API_KEY'];
  const baseURL = environment['ANTHROPIC_BASE_URL'];
  const tokenCounting: TokenCounting | undefined =
    apiKey === undefined || apiKey === '' ? undefined : { apiKey, ...(baseURL ? { baseURL } : {}) };
  return {
    ok: true,
    report: await checkServer(checkTargetFor(connection), tokenCounting === undefined ? {} : { tokenCounting }),
  };
}
