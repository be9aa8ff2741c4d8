// One side of a comparison, alone in its process, for counting its instructions with callgrind
// (repeatable on a busy machine, unlike timings). Host side: the clients of echo-server-main.ts.
//
//   valgrind --tool=callgrind --callgrind-out-file=OUT node --import tsx src/count-client.ts URL SIDE N [CALLS]
//
// SIDE is raw (the raw SDK client's calls), toolbox (Toolbox.call as the kitchen wires it),
// ai-sdk (the Vercel AI SDK's MCP client calling its echo tool), minimal (the minimal loop's turns)
// or kitchen (the loop with the CLI policy). After a warm-up of
// 60, it makes N calls or turns; the difference between two counts (N=300 and N=100, say) over
// the difference in N is the cost of one, start-up cancelled out. CALLS (default 1) is the tool
// calls the model asks for in each turn of the loop sides (16: the fan-out scenario).

import { MAIN_AGENT, parseSpawnLimits, type ToolCallContext } from '@kitchen/host';
import { KitchenHost } from '@kitchen/runtime/kitchen-host';
import { ECHO_TOOL } from './echo-server.js';
import { ECHO_TASK, EchoTurnsModel } from './echo-turns-model.js';
import { runKitchenLoop } from './kitchen-loop.js';
import { listToolSpecs, runMinimalLoop } from './minimal-loop.js';
import { openAiSdkLoop } from './peer-ai-sdk.js';
import { connectRawClient } from './raw-client.js';

const WARM_UP = 60;
const [url, side, countText, callsText = '1'] = process.argv.slice(2);
const count = Number(countText);
const callsPerTurn = Number(callsText);
if (
  url === undefined ||
  !Number.isSafeInteger(count) ||
  count < 0 ||
  !Number.isSafeInteger(callsPerTurn) ||
  callsPerTurn < 1
) {
  process.stderr.write('Usage: count-client.ts URL raw|toolbox|ai-sdk|minimal|kitchen N [CALLS]\n');
  process.exit(2);
}

if (side === 'raw' || side === 'minimal') {
  const raw = await connectRawClient(url);
  if (side === 'raw') {
    for (let call = 0; call < WARM_UP + count; call += 1)
      await raw.client.callTool({ name: ECHO_TOOL, arguments: { text: `call ${call}` } });
  } else {
    const tools = await listToolSpecs(raw.client);
    await runMinimalLoop(raw.client, new EchoTurnsModel(WARM_UP, undefined, callsPerTurn), tools, ECHO_TASK);
    await runMinimalLoop(raw.client, new EchoTurnsModel(count, undefined, callsPerTurn), tools, ECHO_TASK);
  }
  await raw.close();
} else if (side === 'ai-sdk') {
  const peer = await openAiSdkLoop(url);
  for (let call = 0; call < WARM_UP + count; call += 1) await peer.callOnce(call);
  await peer.close();
} else if (side === 'toolbox' || side === 'kitchen') {
  const host = await KitchenHost.connect({
    connections: [{ name: 'echo', url }],
    clientName: 'kitchen-bench',
    ...(side === 'kitchen' ? { spawnLimits: parseSpawnLimits({}) } : {}),
  });
  if (side === 'toolbox') {
    const context: ToolCallContext = {
      callId: 'count',
      agent: MAIN_AGENT,
      signal: new AbortController().signal,
      emit: () => undefined,
    };
    for (let call = 0; call < WARM_UP + count; call += 1) {
      const outcome = await host.toolbox.call(ECHO_TOOL, { text: `call ${call}` }, context);
      if (outcome.isError) throw new Error(outcome.content);
    }
  } else {
    await runKitchenLoop(host, new EchoTurnsModel(WARM_UP, undefined, callsPerTurn), ECHO_TASK, WARM_UP);
    await runKitchenLoop(host, new EchoTurnsModel(count, undefined, callsPerTurn), ECHO_TASK, count);
  }
  await host.close();
} else {
  process.stderr.write(`count-client: unknown side "${side}"; use raw, toolbox, ai-sdk, minimal or kitchen.\n`);
  process.exit(2);
}
process.exit(0);
