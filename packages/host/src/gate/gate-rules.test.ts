import { describe, expect, it } from 'vitest';
import {
  findDecidingRule,
  formatRule,
  type GateRule,
  GateRuleError,
  matchesGlob,
  parseGateRules,
  parseRuleText,
  ruleSpecificity,
} from './gate-rules.js';

function problemOf(work: () => unknown): string {
  try {
    work();
  } catch (error) {
    expect(error).toBeInstanceOf(GateRuleError);
    expect((error as GateRuleError).code).toBe('gate-rule-invalid');
    return (error as GateRuleError).message;
  }
  throw new Error('expected a GateRuleError');
}

const discardJar = { server: 'cookie-jars', originalName: 'discard_jar' };

describe('parseGateRules', () => {
  it('accepts a list of rules and an object with a rules list', () => {
    const rules = [{ server: 'cookie-jars', tool: 'discard_*', action: 'ask', reason: 'jars are precious' }];
    expect(parseGateRules(rules, 'kitchen.rules.json')).toEqual(rules);
    expect(parseGateRules({ rules }, 'kitchen.rules.json')).toEqual(rules);
    expect(parseGateRules([], 'kitchen.rules.json')).toEqual([]);
  });

  it('names the file, the rule number counted from 1, the field and the allowed values', () => {
    const input = [
      { tool: 'list_jars', action: 'allow' },
      { tool: 'discard_jar', action: 'yes' },
    ];
    expect(problemOf(() => parseGateRules(input, 'kitchen.rules.json'))).toBe(
      'kitchen.rules.json rule 2: "action" must be one of allow, ask, deny (got "yes")',
    );
  });

  it('says a missing action is required', () => {
    expect(problemOf(() => parseGateRules([{ tool: 'x' }], 'rules.json'))).toBe(
      'rules.json rule 1: "action" is required; use one of allow, ask, deny',
    );
  });

  it('refuses unknown fields and suggests the field that was probably meant', () => {
    expect(problemOf(() => parseGateRules([{ tools: 'x', action: 'deny' }], 'rules.json'))).toBe(
      'rules.json rule 1: unknown field "tools" (did you mean "tool"?); a rule has only server, tool, action and reason',
    );
  });

  it('refuses a rule that names neither a server nor a tool', () => {
    expect(problemOf(() => parseGateRules([{ action: 'allow' }], 'rules.json'))).toBe(
      'rules.json rule 1: give "server", "tool" or both; use "tool": "*" to match every tool',
    );
  });

  it('explains wrong types and empty patterns field by field', () => {
    expect(problemOf(() => parseGateRules([{ server: 3, action: 'ask' }], 'r.json'))).toBe(
      'r.json rule 1: "server" must be a glob string such as "cookie-jars" or "cookie-*" (got 3)',
    );
    expect(problemOf(() => parseGateRules([{ tool: '', action: 'ask' }], 'r.json'))).toBe(
      'r.json rule 1: "tool" must not be empty; leave it out to match every tool',
    );
    expect(problemOf(() => parseGateRules([{ tool: 'x', action: 'ask', reason: ['a'] }], 'r.json'))).toBe(
      'r.json rule 1: "reason" must be a string (got a list)',
    );
    expect(problemOf(() => parseGateRules(['allow everything'], 'r.json'))).toBe(
      'r.json rule 1: expected an object like { "tool": "discard_*", "action": "ask" } (got "allow everything")',
    );
  });

  it('refuses input that is not a list of rules', () => {
    expect(problemOf(() => parseGateRules({ allow: ['x'] }, 'r.json'))).toBe(
      'r.json: expected a list of rules, [ { "tool": "discard_*", "action": "ask" } ], or { "rules": [...] } (got an object)',
    );
  });

  it('reports every bad rule, one line each', () => {
    const error = (() => {
      try {
        parseGateRules([{ tool: 'a', action: 'no' }, { tool: 'b', action: 'allow' }, { server: 'c' }], 'r.json');
      } catch (caught) {
        return caught as GateRuleError;
      }
      throw new Error('expected a GateRuleError');
    })();
    expect(error.problems).toEqual([
      'r.json rule 1: "action" must be one of allow, ask, deny (got "no")',
      'r.json rule 3: "action" is required; use one of allow, ask, deny',
    ]);
    expect(error.message).toBe(error.problems.join('\n'));
  });
});

describe('parseRuleText', () => {
  it('reads ACTION:SERVER/TOOL, ACTION:TOOL and glob server or tool parts', () => {
    expect(parseRuleText('allow:cookie-jars/discard_*', '--rule')).toEqual({
      server: 'cookie-jars',
      tool: 'discard_*',
      action: 'allow',
    });
    expect(parseRuleText('deny:*/place_order', '--rule')).toEqual({ server: '*', tool: 'place_order', action: 'deny' });
    expect(parseRuleText('ask:pantry/*', '--rule')).toEqual({ server: 'pantry', tool: '*', action: 'ask' });
    expect(parseRuleText('allow:roll_dice', '--rule')).toEqual({ tool: 'roll_dice', action: 'allow' });
  });

  it('explains each malformed rule with an example of the right form', () => {
    expect(problemOf(() => parseRuleText('cookie-jars/discard_jar', '--rule'))).toBe(
      '--rule "cookie-jars/discard_jar": no action before ":"; write ACTION:TOOL or ACTION:SERVER/TOOL, e.g. allow:cookie-jars/discard_*',
    );
    expect(problemOf(() => parseRuleText('yes:pantry/*', '--allow'))).toBe(
      '--allow "yes:pantry/*": the action must be one of allow, ask, deny (got "yes")',
    );
    expect(problemOf(() => parseRuleText('allow:', '--rule'))).toBe(
      '--rule "allow:": nothing after "allow:"; write ACTION:TOOL or ACTION:SERVER/TOOL, e.g. allow:cookie-jars/discard_*',
    );
    expect(problemOf(() => parseRuleText('deny:/place_order', '--rule'))).toBe(
      '--rule "deny:/place_order": the server before "/" is empty; write */place_order to match any server',
    );
    expect(problemOf(() => parseRuleText('ask:pantry/', '--rule'))).toBe(
      '--rule "ask:pantry/": the tool after "/" is empty; write pantry/* to match every tool on pantry',
    );
    expect(problemOf(() => parseRuleText('ask:a/b/c', '--rule'))).toBe(
      '--rule "ask:a/b/c": more than one "/"; write ACTION:TOOL or ACTION:SERVER/TOOL, e.g. allow:cookie-jars/discard_*',
    );
  });

  it('prints a rule back in its short form', () => {
    expect(formatRule(parseRuleText('allow:cookie-jars/discard_*', '--rule'))).toBe('allow:cookie-jars/discard_*');
    expect(formatRule({ server: 'pantry', action: 'ask' })).toBe('ask:pantry/*');
    expect(formatRule({ tool: 'roll_dice', action: 'deny' })).toBe('deny:roll_dice');
  });
});

describe('matchesGlob', () => {
  it('treats * as any run of characters and everything else literally', () => {
    expect(matchesGlob('discard_*', 'discard_jar')).toBe(true);
    expect(matchesGlob('discard_*', 'discard_')).toBe(true);
    expect(matchesGlob('*_jar', 'inspect_jar')).toBe(true);
    expect(matchesGlob('*', 'anything')).toBe(true);
    expect(matchesGlob('discard_jar', 'discard_jars')).toBe(false);
    expect(matchesGlob('read.note', 'read_note')).toBe(false);
    expect(matchesGlob('Discard_*', 'discard_jar')).toBe(false);
  });
});

describe('rule precedence', () => {
  it('ranks exact server+tool over server+tool glob over tool only over server only over catch-all', () => {
    expect(ruleSpecificity({ server: 'cookie-jars', tool: 'discard_jar', action: 'allow' })).toBe(4);
    expect(ruleSpecificity({ server: 'cookie-jars', tool: 'discard_*', action: 'allow' })).toBe(3);
    expect(ruleSpecificity({ server: 'cookie-*', tool: 'discard_jar', action: 'allow' })).toBe(3);
    expect(ruleSpecificity({ tool: 'discard_jar', action: 'allow' })).toBe(2);
    expect(ruleSpecificity({ server: '*', tool: 'discard_jar', action: 'allow' })).toBe(2);
    expect(ruleSpecificity({ server: 'cookie-jars', action: 'allow' })).toBe(1);
    expect(ruleSpecificity({ server: 'cookie-jars', tool: '*', action: 'allow' })).toBe(1);
    expect(ruleSpecificity({ tool: '*', action: 'allow' })).toBe(0);
  });

  it('lets the most specific matching rule win whatever the order', () => {
    const rules: GateRule[] = [
      { server: 'cookie-jars', action: 'deny' },
      { tool: 'discard_*', action: 'ask' },
      { server: 'cookie-jars', tool: 'discard_*', action: 'deny' },
      { server: 'cookie-jars', tool: 'discard_jar', action: 'allow' },
    ];
    expect(findDecidingRule(rules, discardJar)).toBe(rules[3]);
    expect(findDecidingRule([...rules].reverse(), discardJar)).toBe(rules[3]);
    expect(findDecidingRule(rules.slice(0, 3), discardJar)).toBe(rules[2]);
    expect(findDecidingRule(rules.slice(0, 2), discardJar)).toBe(rules[1]);
    expect(findDecidingRule(rules.slice(0, 1), discardJar)).toBe(rules[0]);
  });

  it('breaks ties between equally specific rules with deny over ask over allow', () => {
    const allow: GateRule = { tool: 'discard_*', action: 'allow' };
    const ask: GateRule = { tool: '*_jar', action: 'ask' };
    const deny: GateRule = { tool: 'discard_jar', action: 'deny' };
    expect(findDecidingRule([allow, ask], discardJar)).toBe(ask);
    expect(findDecidingRule([ask, allow], discardJar)).toBe(ask);
    expect(findDecidingRule([allow, deny, ask], discardJar)).toBe(deny);
  });

  it('ignores rules that do not match and returns undefined when none does', () => {
    const rules: GateRule[] = [
      { server: 'dice', action: 'deny' },
      { tool: 'inspect_*', action: 'allow' },
    ];
    expect(findDecidingRule(rules, discardJar)).toBeUndefined();
    expect(findDecidingRule(rules, { server: 'cookie-jars', originalName: 'inspect_jar' })).toBe(rules[1]);
  });
});
