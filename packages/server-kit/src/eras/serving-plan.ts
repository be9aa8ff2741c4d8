// Which eras one endpoint serves and with which SDK, decided once from what buildServer returns:
// a v2 McpServer gets the 2026-07-28 side (stateless, a server per request) and 2025-11-25
// sessions carried by the v2 SDK; a v1 McpServer gets 2025-11-25 sessions on the v1 SDK. Each SDK
// is imported only when a server needs it, so a server process holds one SDK in memory. Server side.

import { type BuildServer, isModernSdkServer, type ProtocolEraVersion, type ServerEventBus } from '../served-server.js';
import type { ModernEraEndpoint } from './modern-era-endpoint.js';
import type { SessionSdk } from './session-sdk.js';

export interface ServingPlan {
  /** The revisions served, oldest first. */
  eras: ProtocolEraVersion[];
  /** Carries 2025 sessions; undefined when 2025-11-25 is not served. */
  sessionSdk: SessionSdk | undefined;
  /** Answers 2026 requests; undefined when 2026-07-28 is not served. */
  modern: ModernEraEndpoint | undefined;
}

export async function loadServingPlan(
  buildServer: BuildServer,
  wanted: readonly ProtocolEraVersion[],
  options: { maxBodyBytes: number; eventBus: ServerEventBus | undefined; onerror: (error: Error) => void },
): Promise<ServingPlan> {
  if (wanted.length === 0) throw new Error('eras is empty: serve 2025-11-25, 2026-07-28 or both.');
  // Built only to be looked at: never connected, so it holds nothing.
  const probe = buildServer({ era: wanted.includes('2026-07-28') ? '2026-07-28' : '2025-11-25' });
  if (!isModernSdkServer(probe)) {
    const { legacySdkSession } = await import('./legacy-sdk-session.js');
    return { eras: ['2025-11-25'], sessionSdk: legacySdkSession, modern: undefined };
  }
  const [{ modernSdkSession }, { createModernEraEndpoint }] = await Promise.all([
    import('./modern-sdk-session.js'),
    import('./modern-era-endpoint.js'),
  ]);
  const serves2025 = wanted.includes('2025-11-25');
  const serves2026 = wanted.includes('2026-07-28');
  return {
    eras: [...(serves2025 ? ['2025-11-25' as const] : []), ...(serves2026 ? ['2026-07-28' as const] : [])],
    sessionSdk: serves2025 ? modernSdkSession : undefined,
    modern: serves2026 ? createModernEraEndpoint(buildServer, options) : undefined,
  };
}
