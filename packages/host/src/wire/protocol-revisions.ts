// The two MCP protocol revisions the host speaks, one constant each. Host side, at the wire: an
// era is named after its revision, never "old" or "new", which age.

/** The v1 SDK's revision: an initialize handshake, then a session (a 2025-era server may have negotiated an older one). */
export const REVISION_2025 = '2025-11-25';
/** The v2 SDK's revision: server/discover, stateless requests, `input_required` results. */
export const REVISION_2026 = '2026-07-28';

/** The revision each era is named after. */
export type ProtocolEra = typeof REVISION_2025 | typeof REVISION_2026;
