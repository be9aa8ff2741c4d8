// Finding a tool by its plain name in the list the model was given, whatever namespace the host
// put in front of it ("cookie-jars__inspect_jar" is inspect_jar). Host side.

import type { ToolSpec } from '@kitchen/host';

/** True when `name` is `plainName`, or ends with it after a separator ("server__plain_name"). */
export function isToolNamed(name: string, plainName: string): boolean {
  if (name === plainName) return true;
  if (!name.endsWith(plainName)) return false;
  const before = name.charAt(name.length - plainName.length - 1);
  return before === '_' || before === '-' || before === '.' || before === '/' || before === ':';
}

/** The first tool in the list with that plain name. */
export function findTool(tools: ToolSpec[], plainName: string): ToolSpec | undefined {
  return tools.find((tool) => isToolNamed(tool.name, plainName));
}

/** A tool's name without a host namespace: "cookie-jars__inspect_jar" → "inspect_jar". */
export function plainToolName(name: string): string {
  const separator = name.lastIndexOf('__');
  return separator >= 0 ? name.slice(separator + 2) : name;
}

/** The JSON Schema of one input property, when the tool declares it. */
export function inputProperty(tool: ToolSpec, property: string): Record<string, unknown> | undefined {
  const properties = tool.input_schema['properties'];
  if (typeof properties !== 'object' || properties === null) return undefined;
  const schema = (properties as Record<string, unknown>)[property];
  return typeof schema === 'object' && schema !== null ? (schema as Record<string, unknown>) : undefined;
}

export function inputProperties(tool: ToolSpec): Record<string, Record<string, unknown>> {
  const properties = tool.input_schema['properties'];
  return typeof properties === 'object' && properties !== null
    ? (properties as Record<string, Record<string, unknown>>)
    : {};
}

export function requiredInputs(tool: ToolSpec): string[] {
  const required = tool.input_schema['required'];
  return Array.isArray(required) ? required.filter((name): name is string => typeof name === 'string') : [];
}
