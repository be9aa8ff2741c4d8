// The run step 6 shows, on whichever host it is handed: the project's own (`@kitchen/host`), or
// the throwaway copy `tour 6 --break` patches. Three workers each taste a jar with a local tool;
// the tool has a bug for jar 2 (it forgets its content), so worker 2's turn throws. With the
// host's drainWhile closing its queue on both paths the run ends; without the reject path it hangs.

import type * as Host from '@kitchen/host';
import type * as HostTesting from '@kitchen/host/testing';

export interface HostModules {
  host: typeof Host;
  testing: typeof HostTesting;
}

const TASK = 'Taste jars 1, 2 and 3: hire one worker a jar, then report what each found.';

/** Runs the demo and says each lane event as it comes; resolves when the run has ended. */
export async function runQueueDemo({ host, testing }: HostModules, say: (line: string) => void): Promise<void> {
  const toolbox = await testing.connectInMemory({});
  try {
    toolbox.addLocalTool(host.createSpawnAgentTool({ maxLiveWorkers: 3 }));
    toolbox.addLocalTool(tasteJar);
    const model = new testing.ScriptedModel((request) => {
      const first = request.messages[0]?.content;
      const worker = typeof first === 'string' ? /^Taste jar (\d)\./.exec(first) : null;
      if (worker) {
        const jar = Number(worker[1]);
        return request.messages.length === 1
          ? { toolUses: [{ name: 'taste_jar', input: { jar } }] }
          : { text: `Jar ${jar} tastes of butter.` };
      }
      if (request.messages.length === 1)
        return {
          toolUses: [1, 2, 3].map((jar) => ({
            name: 'spawn_agent',
            input: { task: `Taste jar ${jar}. Report its taste.`, name: `jar-${jar}` },
          })),
        };
      return { text: 'Jars 1 and 3 taste of butter; the worker on jar 2 failed.' };
    });
    const lanes = new Map<string, string>();
    for await (const event of host.runAgentLoop({ model, toolbox, messages: [{ role: 'user', content: TASK }] })) {
      if (event.type === 'agent-start') lanes.set(event.agent, event.name);
      const line = describe(event, lanes.get(event.agent) ?? event.agent);
      if (line !== undefined) say(line);
    }
  } finally {
    await toolbox.close();
  }
}

/** A local tool with a bug, as any code can have: for jar 2 it forgets its content. */
const tasteJar: Host.LocalTool = {
  name: 'taste_jar',
  description: 'Taste one cookie jar and say how it tastes.',
  inputSchema: { type: 'object', properties: { jar: { type: 'number' } }, required: ['jar'] },
  annotations: { readOnlyHint: true },
  async run(input) {
    if (input['jar'] === 2) return { isError: false, content: undefined as unknown as string };
    return { isError: false, content: `jar ${String(input['jar'])}: buttery` };
  },
};

function describe(event: Host.LoopEvent, name: string): string | undefined {
  const lane = name.padEnd(6);
  switch (event.type) {
    case 'agent-start':
      return `  ${lane} agent-start${event.parent === undefined ? '' : ` (hired by ${event.parent})`}`;
    case 'tool-result':
      return `  ${lane} tool-result ${event.tool}: ${event.content.split('\n')[0]?.slice(0, 70)}`;
    case 'agent-end':
      return `  ${lane} agent-end   ${event.stopReason}${event.stopReason === 'error' ? ` (${event.finalText.split('\n')[0]})` : ''}`;
    case 'done':
      return `  ${lane} done        ${event.stopReason}`;
    default:
      return undefined;
  }
}
