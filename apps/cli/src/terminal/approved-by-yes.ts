// What --yes approved in a run, one line for the end of it: --yes answers every question, so the
// person reads afterwards what it said yes to. App side; it reads the approval-response events.

import type { LoopEvent } from '@kitchen/host';
import { cleanText } from '@kitchen/runtime/text/clean-text';

export class ApprovedByYes {
  /** "server/tool" as the model saw the tool, and how many calls --yes approved. */
  readonly #approved = new Map<string, number>();

  note(event: LoopEvent): void {
    if (event.type !== 'approval-response' || event.decision !== 'approved' || event.by !== 'person') return;
    const key = `${event.server}/${event.tool}`;
    this.#approved.set(key, (this.#approved.get(key) ?? 0) + 1);
  }

  /** Undefined when --yes approved nothing. */
  line(): string | undefined {
    if (this.#approved.size === 0) return undefined;
    const calls = [...this.#approved].map(([tool, count]) => `${tool}${count > 1 ? ` ×${count}` : ''}`);
    return cleanText(`✅ approved by --yes: ${calls.join(', ')}`);
  }
}
