// Visits every subschema of a JSON Schema with its path, for the rules that look inside tool
// schemas. Host side, pure. A schema may be a boolean (true, false) as well as an object.

export type JsonSchemaNode = boolean | Record<string, unknown>;

export interface SchemaVisit {
  node: JsonSchemaNode;
  /** "properties.query", "items", "$defs.range"; "" for the root. */
  path: string;
  /** True for a property's or an item's schema: what a model fills in, so what must be typed. */
  isValue: boolean;
}

const MAP_KEYWORDS = ['properties', 'patternProperties', '$defs', 'definitions', 'dependentSchemas'] as const;
const LIST_KEYWORDS = ['anyOf', 'oneOf', 'allOf', 'prefixItems'] as const;
const SINGLE_KEYWORDS = [
  'additionalProperties',
  'items',
  'not',
  'if',
  'then',
  'else',
  'contains',
  'propertyNames',
  'unevaluatedProperties',
  'unevaluatedItems',
] as const;

/** Every subschema, root first, depth first; bounded so a pathological schema cannot hang a check. */
export function walkSchema(root: unknown, visit: (visit: SchemaVisit) => void, maxNodes = 10_000): void {
  const pending: SchemaVisit[] = [{ node: root as JsonSchemaNode, path: '', isValue: false }];
  for (let seen = 0; pending.length > 0 && seen < maxNodes; seen += 1) {
    const current = pending.shift() as SchemaVisit;
    visit(current);
    const { node, path } = current;
    if (typeof node !== 'object' || node === null) continue;
    const at = (key: string) => (path === '' ? key : `${path}.${key}`);
    for (const keyword of MAP_KEYWORDS) {
      const map = node[keyword];
      if (!isRecord(map)) continue;
      for (const [name, child] of Object.entries(map)) {
        if (isSchema(child))
          pending.push({ node: child, path: at(`${keyword}.${name}`), isValue: keyword === 'properties' });
      }
    }
    for (const keyword of LIST_KEYWORDS) {
      const list = node[keyword];
      if (!Array.isArray(list)) continue;
      list.forEach((child, index) => {
        if (isSchema(child))
          pending.push({ node: child, path: at(`${keyword}.${index}`), isValue: keyword === 'prefixItems' });
      });
    }
    for (const keyword of SINGLE_KEYWORDS) {
      const child = node[keyword];
      if (isSchema(child)) pending.push({ node: child, path: at(keyword), isValue: keyword === 'items' });
    }
  }
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isSchema(value: unknown): value is JsonSchemaNode {
  return typeof value === 'boolean' || isRecord(value);
}
