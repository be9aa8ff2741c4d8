// Which scenarios a server from anywhere (pnpm conformance URL or "command") is checked against.

import { describe, expect, it } from 'vitest';
import { expectationFor, GENERIC_SCENARIOS, plannedScenarios } from './scenario-plan.js';

describe('plannedScenarios for any server', () => {
  it('checks initialize, ping, tools/list and DNS rebinding in 2025-11-25, not the resumable streams', () => {
    expect(plannedScenarios('any', '2025-11-25')).toEqual([
      'server-initialize',
      'ping',
      'tools-list',
      'dns-rebinding-protection',
    ]);
    expect(GENERIC_SCENARIOS).toEqual(expect.arrayContaining([...plannedScenarios('any', '2025-11-25')]));
  });

  it("tolerates in 2026-07-28 what needs the suite's diagnostic tools, as for an example server", () => {
    expect(expectationFor('server-stateless', 'any', '2026-07-28')).toEqual(
      expectationFor('server-stateless', 'example', '2026-07-28'),
    );
  });
});
