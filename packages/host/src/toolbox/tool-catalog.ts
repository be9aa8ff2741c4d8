// The tools the model may see, by the names it sees them by, and the names two owners wanted.
// Host side: rebuilt by the toolbox whenever a server's lists or the local tools change.

import type { LocalTool } from '../local-tools.js';
import type { ToolSpec } from '../model.js';
import type { ToolDescriptor } from '../tool-types.js';
import { type FeatureClash, findFeatureClashes, type ServerFeatureNames } from '../wire/feature-clashes.js';
import { indexTools, type ServerTools, type ToolClash } from '../wire/tool-index.js';

export class ToolCatalog {
  #descriptors = new Map<string, ToolDescriptor>();
  #clashes: ToolClash[] = [];
  #featureClashes: FeatureClash[] = [];
  /** specs() by excluded names, dropped whenever the catalog is rebuilt. */
  readonly #specs = new Map<string, ToolSpec[]>();

  /** Servers in the order the caller gave them: the tool list follows it, not connection speed. */
  rebuild(servers: (ServerTools & ServerFeatureNames)[], localTools: LocalTool[]): void {
    const index = indexTools(
      servers.map(({ server, tools }) => ({ server, tools })),
      localTools,
    );
    this.#descriptors = index.tools;
    this.#clashes = index.clashes;
    this.#featureClashes = findFeatureClashes(
      servers.map(({ server, resourceUris, promptNames }) => ({ server, resourceUris, promptNames })),
    );
    this.#specs.clear();
  }

  get clashes(): readonly ToolClash[] {
    return this.#clashes;
  }

  get featureClashes(): readonly FeatureClash[] {
    return this.#featureClashes;
  }

  list(options: { exclude?: string[] } = {}): ToolDescriptor[] {
    const excluded = new Set(options.exclude ?? []);
    return [...this.#descriptors.values()].filter((tool) => !excluded.has(tool.name));
  }

  /**
   * What the model sees. The same frozen array every turn until the tool list changes, so a loop
   * does not rebuild it per call and the tree budget can tell an unchanged tool list by identity.
   */
  specs(options: { exclude?: string[] } = {}): ToolSpec[] {
    const key = (options.exclude ?? []).join('\n');
    let specs = this.#specs.get(key);
    if (specs === undefined) {
      specs = Object.freeze(
        this.list(options).map((tool) => ({
          name: tool.name,
          description: tool.description,
          input_schema: tool.inputSchema,
        })),
      ) as ToolSpec[];
      this.#specs.set(key, specs);
    }
    return specs;
  }

  find(name: string): ToolDescriptor | undefined {
    return this.#descriptors.get(name);
  }
}
