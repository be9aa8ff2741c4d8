// Step 12: the same pastry-chef request in both MCP revisions, every HTTP exchange recorded and
// shown side by side — a session and a pushed question, or none and input_required with a retry —
// and the host's gate and budget acting the same way in both.

import type { TourOutput, TourStep } from '../tour-step.js';
import { DOC_WIDTH, wireBothEras } from '../wire-both-eras.js';

export const theWireBothEras: TourStep = {
  number: 12,
  title: 'The same request in both eras, on the wire',
  async run(out: TourOutput) {
    out.say('The pastry chef serves both revisions on one endpoint. The host calls critique_recipe twice,');
    out.say('pinned to 2025-11-25, then to 2026-07-28, with a WireRecorder on its fetch. What crossed:');
    out.say();
    const wire = await wireBothEras();
    const width = process.stdout.isTTY === true ? (process.stdout.columns ?? DOC_WIDTH) : DOC_WIDTH;
    for (const line of wire.lines(width)) out.say(line);
    out.say();
    for (const [index, question] of wire.questions.entries())
      out.say(`The person was asked (${wire.recordings[index]?.era ?? '?'}): "${question.split('\n')[0]}"`);
    out.say();
    out.say('2025-11-25: the server pushed sampling/createMessage on the open call stream; the host POSTed');
    out.say('its answer on the session, and the result came on the same stream. 2026-07-28: no session;');
    out.say('the call returned input_required, and the host called again with inputResponses. Either way');
    out.say('the host priced the request, asked the person, ran its own model and charged its budget.');
    out.say('`kitchen wire --yes` prints the same for any server and tool; docs/wire-side-by-side.md explains it.');
    out.say();
    out.see('packages/host/src/wire/wire-recorder.ts', 'export class WireRecorder', 'records each exchange');
    out.see('packages/runtime/src/wire/wire-steps.ts', 'export const WIRE_STEPS', 'the steps both eras share');
    out.see('packages/runtime/src/wire/era-recording.ts', 'export async function recordEras', 'one call per era');
    out.see(
      'packages/host/src/wire/server-connector.ts',
      "const protocol = server.protocol ?? 'auto';",
      'pinning a server to an era',
    );
  },
};
