// The tools (and the one prompt) the suite's input_required scenarios (SEP-2322, revision
// 2026-07-28) call by name: each asks the client for input by returning an `input_required`
// result and reads the answers when the request comes back. State that must survive a round is sealed with the SDK's codec, so a
// tampered requestState is refused before a handler runs. Server side, test fixture.

import {
  acceptedContent,
  CLIENT_CAPABILITIES_META_KEY,
  type InputRequest,
  inputRequired,
  type McpServer,
  type RequestStateCodec,
} from '@modelcontextprotocol/server';
import { z } from 'zod';

const noInput = z.object({});
const text = (value: string) => ({ content: [{ type: 'text' as const, text: value }] });
const nameForm = z.object({ name: z.string() });
const confirmForm = z.object({ ok: z.boolean() });
const askName = (message = 'What is your name?') => inputRequired.elicit({ message, requestedSchema: nameForm });
const askConfirm = () => inputRequired.elicit({ message: 'Please confirm', requestedSchema: confirmForm });

/** What the fixture seals into requestState between rounds. */
export type FixtureRequestState = { kind: string; round?: number; name?: string };

/** The text of a sampling answer, or undefined when the client sent none. */
function sampledText(response: unknown): string | undefined {
  const content = (response as { content?: { type?: string; text?: unknown } } | undefined)?.content;
  return content?.type === 'text' && typeof content.text === 'string' ? content.text : undefined;
}

function rootCount(response: unknown): number | undefined {
  const roots = (response as { roots?: unknown } | undefined)?.roots;
  return Array.isArray(roots) ? roots.length : undefined;
}

export function registerInputRequiredTools(server: McpServer, codec: RequestStateCodec<FixtureRequestState>): void {
  server.registerTool(
    'test_input_required_result_elicitation',
    { description: 'Asks the person for a name with a form.', inputSchema: noInput },
    (_input, ctx) => {
      const answer = acceptedContent(ctx.mcpReq.inputResponses, 'user_name', nameForm);
      if (answer === undefined) return inputRequired({ inputRequests: { user_name: askName() } });
      return text(`Hello, ${answer.name}!`);
    },
  );

  server.registerTool(
    'test_input_required_result_sampling',
    { description: 'Asks the client’s model a question.', inputSchema: noInput },
    (_input, ctx) => {
      const answer = sampledText(ctx.mcpReq.inputResponses?.sample_request);
      if (answer === undefined) {
        const question = { type: 'text' as const, text: 'What is the capital of France?' };
        return inputRequired({
          inputRequests: {
            sample_request: inputRequired.createMessage({
              messages: [{ role: 'user', content: question }],
              maxTokens: 100,
            }),
          },
        });
      }
      return text(`Sampling result: ${answer}`);
    },
  );

  server.registerTool(
    'test_input_required_result_list_roots',
    { description: 'Asks the client for its roots.', inputSchema: noInput },
    (_input, ctx) => {
      const count = rootCount(ctx.mcpReq.inputResponses?.roots_request);
      if (count === undefined) return inputRequired({ inputRequests: { roots_request: inputRequired.listRoots() } });
      return text(`Found ${count} root(s)`);
    },
  );

  // Two tools whose state must come back sealed: the second is the one the tamper scenario edits.
  for (const [name, kind, done] of [
    ['test_input_required_result_request_state', 'request-state', 'state-ok: requestState validated'],
    ['test_input_required_result_tampered_state', 'tamper-test', 'integrity-ok: state verified'],
  ] as const) {
    server.registerTool(
      name,
      { description: 'Asks for a confirmation and keeps sealed state.', inputSchema: noInput },
      async (_input, ctx) => {
        const state = ctx.mcpReq.requestState<FixtureRequestState>();
        const answer = acceptedContent(ctx.mcpReq.inputResponses, 'confirm', confirmForm);
        if (state?.kind === kind && answer?.ok === true) return text(done);
        return inputRequired({ inputRequests: { confirm: askConfirm() }, requestState: await codec.mint({ kind }) });
      },
    );
  }

  server.registerTool(
    'test_input_required_result_multiple_inputs',
    { description: 'Asks for a name, a model’s greeting and the roots at once.', inputSchema: noInput },
    async (_input, ctx) => {
      const responses = ctx.mcpReq.inputResponses;
      const name = acceptedContent(responses, 'user_name', nameForm)?.name;
      const greeting = sampledText(responses?.greeting);
      const roots = rootCount(responses?.client_roots);
      if (
        ctx.mcpReq.requestState<FixtureRequestState>()?.kind === 'multiple-inputs' &&
        name !== undefined &&
        roots !== undefined
      ) {
        return text(`Name: ${name}; Greeting: ${greeting ?? 'Hello there!'}; Roots: ${roots}`);
      }
      const prompt = { type: 'text' as const, text: 'Generate a greeting' };
      return inputRequired({
        inputRequests: {
          user_name: askName(),
          greeting: inputRequired.createMessage({ messages: [{ role: 'user', content: prompt }], maxTokens: 50 }),
          client_roots: inputRequired.listRoots(),
        },
        requestState: await codec.mint({ kind: 'multiple-inputs' }),
      });
    },
  );

  server.registerTool(
    'test_input_required_result_multi_round',
    { description: 'Asks for a name, then a colour, one round each.', inputSchema: noInput },
    async (_input, ctx) => {
      const state = ctx.mcpReq.requestState<FixtureRequestState>();
      const responses = ctx.mcpReq.inputResponses;
      const name = acceptedContent(responses, 'step1', nameForm)?.name;
      if (state?.round === 1 && name !== undefined) {
        const colourForm = z.object({ color: z.string() });
        return inputRequired({
          inputRequests: {
            step2: inputRequired.elicit({
              message: 'Step 2: What is your favorite color?',
              requestedSchema: colourForm,
            }),
          },
          requestState: await codec.mint({ kind: 'multi-round', round: 2, name }),
        });
      }
      const color = acceptedContent(responses, 'step2', z.object({ color: z.string() }))?.color;
      if (state?.round === 2 && color !== undefined) {
        return text(`Multi-round complete for ${state.name ?? 'friend'} who likes ${color}`);
      }
      return inputRequired({
        inputRequests: { step1: askName('Step 1: What is your name?') },
        requestState: await codec.mint({ kind: 'multi-round', round: 1 }),
      });
    },
  );

  server.registerTool(
    'test_input_required_result_capabilities',
    { description: 'Asks only for what the client declared it can answer.', inputSchema: noInput },
    (_input, ctx) => {
      const answered = Object.keys(ctx.mcpReq.inputResponses ?? {});
      if (answered.length > 0) return text(`capabilities-ok: received ${answered.join(',')}`);
      // A 2026 request carries the client's capabilities in its own _meta envelope.
      const envelope = ctx.mcpReq.envelope as Record<string, unknown> | undefined;
      const declared = envelope?.[CLIENT_CAPABILITIES_META_KEY] as
        | { elicitation?: object; sampling?: object }
        | undefined;
      const inputRequests: Record<string, InputRequest> = {};
      if (declared?.elicitation !== undefined) {
        inputRequests.elicit_input = inputRequired.elicit({
          message: 'Elicitation input',
          requestedSchema: z.object({ value: z.string() }),
        });
      }
      if (declared?.sampling !== undefined) {
        const prompt = { type: 'text' as const, text: 'Sample request' };
        inputRequests.sample_input = inputRequired.createMessage({
          messages: [{ role: 'user', content: prompt }],
          maxTokens: 50,
        });
      }
      if (Object.keys(inputRequests).length === 0) return text('No supported capabilities declared');
      return inputRequired({ inputRequests });
    },
  );

  // input_required is not only for tools: prompts/get may ask too.
  const contextForm = z.object({ context: z.string() });
  server.registerPrompt(
    'test_input_required_result_prompt',
    { description: 'A prompt that first asks the person what context to use.' },
    (ctx) => {
      const answer = acceptedContent(ctx.mcpReq.inputResponses, 'user_context', contextForm);
      if (answer === undefined) {
        return inputRequired({
          inputRequests: {
            user_context: inputRequired.elicit({
              message: 'What context should the prompt use?',
              requestedSchema: contextForm,
            }),
          },
        });
      }
      return {
        messages: [{ role: 'user', content: { type: 'text', text: `Prompt with context: ${answer.context}` } }],
      };
    },
  );
}
