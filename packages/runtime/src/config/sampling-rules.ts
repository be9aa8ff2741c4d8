// The "sampling" part of kitchen.config.json: per server, whether a server may ask the host for a
// model call (allow, ask, deny) and how many cents it may spend in a run. Runtime side; the host's
// sampling handler applies them.

import { GATE_ACTIONS, type ServerSamplingPolicy, withDefined } from '@kitchen/host';
import { z } from 'zod';

/** `"*"` holds the policy for servers the config does not name. */
export interface SamplingRules {
  defaultPolicy?: ServerSamplingPolicy;
  perServer: Record<string, ServerSamplingPolicy>;
}

export type SamplingRulesResult = { ok: true; rules: SamplingRules } | { ok: false; message: string };

const EXAMPLE = '{"sampling": {"pastry-chef": {"action": "ask", "capCents": 5}}}';

const policySchema = z.strictObject({
  action: z.enum(GATE_ACTIONS).optional(),
  capCents: z.number().min(0).max(1_000_000).optional(),
});

/** `source` names the file in messages; `serverNames` are the servers the config lists. */
export function parseSamplingRules(
  input: unknown,
  source: string,
  serverNames: readonly string[],
): SamplingRulesResult {
  if (input === undefined) return { ok: true, rules: { perServer: {} } };
  if (typeof input !== 'object' || input === null || Array.isArray(input)) {
    return { ok: false, message: `${source}: "sampling" must be an object keyed by server name; fix: e.g. ${EXAMPLE}` };
  }
  const problems: string[] = [];
  const rules: SamplingRules = { perServer: {} };
  for (const [server, value] of Object.entries(input)) {
    const where = `${source}: "sampling" → "${server}"`;
    if (server !== '*' && !serverNames.includes(server)) {
      problems.push(
        `${where}: no server of that name; use one of ${[...serverNames, '*'].map((name) => `"${name}"`).join(', ')} ("*": every other server)`,
      );
      continue;
    }
    const parsed = policySchema.safeParse(value);
    if (!parsed.success) {
      problems.push(`${where}: ${describeIssue(parsed.error.issues[0], value)}`);
      continue;
    }
    const policy: ServerSamplingPolicy = {
      action: parsed.data.action ?? 'ask',
      ...withDefined({ capCents: parsed.data.capCents }),
    };
    if (server === '*') rules.defaultPolicy = policy;
    else rules.perServer[server] = policy;
  }
  return problems.length > 0 ? { ok: false, message: problems.join('\n') } : { ok: true, rules };
}

function describeIssue(issue: z.core.$ZodIssue | undefined, value: unknown): string {
  if (issue === undefined || issue.path.length === 0) {
    if (issue?.code === 'unrecognized_keys')
      return `unknown field ${issue.keys.map((key) => `"${key}"`).join(', ')}; the fields are "action" and "capCents"`;
    return `expected an object like {"action": "ask", "capCents": 5} (got ${JSON.stringify(value)})`;
  }
  const field = String(issue.path[0]);
  const given = JSON.stringify((value as Record<string, unknown>)[field]);
  if (field === 'action') return `"action" must be one of allow, ask, deny (got ${given})`;
  return `"capCents" must be a number of cents from 0 to 1000000, e.g. 5 (got ${given})`;
}
