// Turns the approval and limit flags (and the config's rules) into what a run shares: the gate's
// rule sets, the approver, the tree budget, the seatbelts, the sampling rules and the spawn
// limits. Runtime side; the host validates rules and limits and names the flag in any error, which
// the CLI prints as a usage error.

import { basename } from 'node:path';
import {
  ConfigurationError,
  DEFAULT_APPROVAL_TIMEOUT_MS,
  Gate,
  type GateRuleSet,
  MAX_TREE_TOKENS,
  type Person,
  type PriceTable,
  parseRuleText,
  parseSpawnLimits,
  type RunAgentLoopOptions,
  type SamplingHandlerOptions,
  type SpawnLimits,
  TreeBudget,
  withDefined,
} from '@kitchen/host';
import type { KitchenSettings } from '../kitchen-settings.js';
import { runPerson } from './auto-person.js';
import type { KitchenConfig } from './kitchen-config.js';
import { loadRulesFile } from './rules-file.js';

export interface KitchenPolicy {
  /** Highest precedence first: --rule flags, then --rules FILE, then the config's "rules"; the annotations decide the rest. */
  ruleSets: GateRuleSet[];
  gate: Gate;
  /** Servers whose annotations the gate believes: "trust": true in the config, and --trust. */
  trustedServers: string[];
  /** Who answers the gate's, the sampling handler's and the forms' questions; undefined: nobody is there, asks are refused. */
  person?: Person;
  /** How long a question waits for an answer (--approval-timeout). */
  approvalTimeoutMs: number;
  budget: TreeBudget;
  seatbelts: NonNullable<RunAgentLoopOptions['seatbelts']>;
  /** The sampling handler's rules and caps from the config, and the approver and timeout above. */
  sampling: Pick<SamplingHandlerOptions, 'perServer' | 'defaultAction' | 'capCents' | 'approvalTimeoutMs' | 'person'>;
  /** Undefined with --no-delegate: spawn_agent is not offered at all. */
  spawnLimits?: SpawnLimits;
}

export interface KitchenPolicyOptions {
  /** The config's "rules" and "sampling", and its servers marked "trust": true. */
  config?: Pick<KitchenConfig, 'rules' | 'sampling' | 'file'> & Partial<Pick<KitchenConfig, 'servers'>>;
  /** MAX_TREE_TOKENS is read from here when --max-tree-tokens is not given. Default process.env. */
  environment?: NodeJS.ProcessEnv;
  /** The person present (a terminal prompt, a web page); --yes / --no answer approvals over them. */
  person?: Person;
  /** What the budget prices each model at (a local model at 0); default the host's table. */
  prices?: PriceTable;
}

/** Throws the host's GateRuleError or ConfigurationError (both name the flag or file) for a bad value. */
export function createKitchenPolicy(flags: KitchenSettings, options: KitchenPolicyOptions = {}): KitchenPolicy {
  const ruleSets: GateRuleSet[] = [
    { source: '--rule', rules: flags.rules.map((rule) => parseRuleText(rule, '--rule')) },
    ...(flags.rulesFile === undefined ? [] : [{ source: flags.rulesFile, rules: loadRulesFile(flags.rulesFile) }]),
    ...(options.config === undefined || options.config.rules.length === 0
      ? []
      : [{ source: basename(options.config.file), rules: options.config.rules }]),
  ];
  const person = runPerson(flags.approval, options.person);
  const approvalTimeoutMs = flags.approvalTimeoutMs ?? DEFAULT_APPROVAL_TIMEOUT_MS;
  const samplingRules = options.config?.sampling;
  const trustedServers = [
    ...new Set([
      ...(options.config?.servers ?? []).filter((server) => server.trusted === true).map((server) => server.name),
      ...(flags.trust ?? []),
    ]),
  ];
  return {
    ruleSets,
    gate: createGate({ ruleSets, approvalTimeoutMs, trustedServers }, person),
    trustedServers,
    ...withDefined({ person }),
    approvalTimeoutMs,
    budget: new TreeBudget({
      maxTokens: flags.maxTreeTokens ?? treeTokensFromEnvironment(options.environment ?? process.env),
      ...withDefined({ prices: options.prices }),
    }),
    seatbelts: {
      ...withDefined({
        maxToolCalls: flags.maxToolCalls,
        maxWallTimeMs: flags.maxWallTimeMs,
        maxResultChars: flags.maxResultChars,
      }),
    },
    sampling: {
      perServer: samplingRules?.perServer ?? {},
      ...(samplingRules?.defaultPolicy === undefined ? {} : { defaultAction: samplingRules.defaultPolicy.action }),
      ...(samplingRules?.defaultPolicy?.capCents === undefined
        ? {}
        : { capCents: samplingRules.defaultPolicy.capCents }),
      approvalTimeoutMs,
      ...withDefined({ person }),
    },
    ...(flags.delegate === false
      ? {}
      : {
          spawnLimits: parseSpawnLimits({
            ...withDefined({ maxDepth: flags.maxDepth, maxLiveWorkers: flags.maxWorkers }),
          }),
        }),
  };
}

/** A gate with the policy's rules and timeout and the given person (a UI may bring its own). */
export function createGate(
  policy: Pick<KitchenPolicy, 'ruleSets' | 'approvalTimeoutMs'> & Partial<Pick<KitchenPolicy, 'trustedServers'>>,
  person?: Person,
): Gate {
  return new Gate({
    ruleSets: policy.ruleSets,
    trustedServers: policy.trustedServers ?? [],
    timeoutMs: policy.approvalTimeoutMs,
    ...withDefined({ person }),
  });
}

/** MAX_TREE_TOKENS from the environment, or the host's default when it is unset. */
function treeTokensFromEnvironment(environment: NodeJS.ProcessEnv): number {
  const raw = environment['MAX_TREE_TOKENS'];
  if (raw === undefined || raw.trim() === '') return MAX_TREE_TOKENS;
  if (!/^\s*\d+\s*$/.test(raw) || Number(raw) < 1 || Number(raw) > 100_000_000) {
    throw new ConfigurationError(
      `MAX_TREE_TOKENS ${JSON.stringify(raw)} is not a whole number of tokens from 1 to 100000000; fix it (e.g. MAX_TREE_TOKENS=600000), unset it, or pass --max-tree-tokens N`,
    );
  }
  return Number(raw);
}
