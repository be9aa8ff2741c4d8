// What `kitchen --help` and `kitchen COMMAND --help` print, drawn from the command and flag
// tables so the help cannot drift from the parser. App side.

import type { FlagGroup } from '../command/kitchen-flags/flag-spec.js';
import { FLAG_NAMES, type FlagName, flagSpec, flagUsage } from '../command/kitchen-flags.js';
import { COMMAND_NAMES, type CommandName, commandSpec } from './kitchen-commands.js';

/** Where the text column starts: after the usage forms, after the flags. */
const USAGE_COLUMN = 29;
const FLAG_COLUMN = 25;

const GROUP_TITLES: Record<FlagGroup, string> = {
  run: 'Flags',
  limits: 'Approval and limits',
  web: 'Web UI',
  traces: 'Traces',
};

const FOOTER = [
  'The offline model is deterministic and uses no network; it says so whenever it runs.',
  'Exit codes: 0 done (as asked), 1 the model, a server or the run failed, 2 bad flags or config,',
  '3 stopped before a complete answer (a limit, an answer cut off at max_tokens, a refusal; the report',
  'says what was established), 4 partly done (an answer, but some tool call was denied or failed, or a',
  'worker failed), 130 interrupted (Ctrl-C, SIGTERM, SIGHUP or a person stopped it).',
];

/** The general help, or one command's: its forms, the flags that apply and examples. */
export function helpText(topic?: CommandName): string {
  return `${(topic === undefined ? generalHelp() : commandHelp(topic)).join('\n')}\n`;
}

function generalHelp(): string[] {
  const usage = COMMAND_NAMES.flatMap((name) =>
    commandSpec(name).forms.flatMap((form) => twoColumns(form.usage, form.summary, USAGE_COLUMN)),
  );
  return [
    'kitchen — an MCP host and its example servers, on your machine',
    '',
    'Usage:',
    ...usage,
    ...flagSections(FLAG_NAMES),
    '',
    ...FOOTER,
  ];
}

function commandHelp(name: CommandName): string[] {
  const spec = commandSpec(name);
  return [
    'Usage:',
    ...spec.forms.flatMap((form) => twoColumns(form.usage, form.summary, USAGE_COLUMN)),
    ...(spec.flags.length === 0 ? [] : flagSections(spec.flags)),
    '',
    'Examples:',
    ...spec.examples.map((example) => `  ${example}`),
    '',
    ...FOOTER,
  ];
}

function flagSections(names: readonly FlagName[]): string[] {
  return (Object.keys(GROUP_TITLES) as FlagGroup[]).flatMap((group) => {
    const inGroup = names.filter((name) => flagSpec(name).group === group);
    if (inGroup.length === 0) return [];
    return [
      '',
      `${GROUP_TITLES[group]}:`,
      ...inGroup.flatMap((name) => twoColumns(flagUsage(name), flagSpec(name).help, FLAG_COLUMN)),
    ];
  });
}

/** "  --jars N               number of cookie jars…", the label on its own line when it is too wide. */
function twoColumns(label: string, lines: readonly string[], column: number): string[] {
  const indent = ' '.repeat(column);
  const [first = '', ...rest] = lines;
  const head = `  ${label}`;
  const opening = head.length < column ? [`${head.padEnd(column)}${first}`] : [head, `${indent}${first}`];
  return [...opening, ...rest.map((line) => `${indent}${line}`)];
}
