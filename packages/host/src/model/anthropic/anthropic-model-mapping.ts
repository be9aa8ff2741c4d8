// Translation between the kitchen's model seam and the Anthropic Messages API's own block types.
// Host side: used only by AnthropicModel, just before a request leaves and just after it returns.

import type Anthropic from '@anthropic-ai/sdk';
import type {
  ContentBlock,
  Message,
  ModelResponse,
  ModelStopReason,
  TextBlock,
  ToolImage,
  ToolSpec,
  ToolUseBlock,
  Usage,
} from '../../model.js';

/**
 * The API refuses tool_use and tool_result blocks in a request that defines no tools, and a
 * last-chance call (report without tools) carries the whole tool history: there the blocks are
 * retold as text, so the model still sees what it did and learned.
 */
export function toApiMessages(messages: Message[], toolsOffered = true): Anthropic.MessageParam[] {
  const toBlocks = toolsOffered ? toApiBlock : toTextBlock;
  return messages.map((message) => ({
    role: message.role,
    content: typeof message.content === 'string' ? message.content : message.content.flatMap(toBlocks),
  }));
}

function toTextBlock(block: ContentBlock): Anthropic.ContentBlockParam[] {
  switch (block.type) {
    case 'text':
      return toApiBlock(block);
    case 'tool_use':
      return [{ type: 'text', text: `[called tool ${block.name} with ${JSON.stringify(block.input)}]` }];
    case 'tool_result':
      return [{ type: 'text', text: `[tool result${block.is_error === true ? ' (error)' : ''}: ${block.content}]` }];
  }
}

function toApiBlock(block: ContentBlock): Anthropic.ContentBlockParam[] {
  switch (block.type) {
    case 'text':
      // The API refuses empty text blocks; an empty one carries nothing, so it is left out.
      return block.text.length > 0 ? [{ type: 'text', text: block.text }] : [];
    case 'tool_use':
      return [{ type: 'tool_use', id: block.id, name: block.name, input: block.input }];
    case 'tool_result':
      return [
        {
          type: 'tool_result',
          tool_use_id: block.tool_use_id,
          content:
            block.images === undefined
              ? block.content
              : [{ type: 'text', text: block.content }, ...block.images.map(toApiImage)],
          ...(block.is_error === true ? { is_error: true } : {}),
        },
      ];
  }
}

/** The seam passes only the types the API reads (MODEL_IMAGE_TYPES), so the cast holds. */
function toApiImage(image: ToolImage): Anthropic.ImageBlockParam {
  return {
    type: 'image',
    source: {
      type: 'base64',
      media_type: image.mimeType as Anthropic.Base64ImageSource['media_type'],
      data: image.data,
    },
  };
}

export function toApiTools(tools: ToolSpec[] | undefined): Anthropic.Tool[] | undefined {
  if (tools === undefined || tools.length === 0) return undefined;
  return tools.map((tool) => ({
    name: tool.name,
    description: tool.description,
    input_schema: tool.input_schema,
  }));
}

export function fromApiMessage(message: Anthropic.Message): ModelResponse {
  const content: Array<TextBlock | ToolUseBlock> = [];
  for (const block of message.content) {
    if (block.type === 'text') content.push({ type: 'text', text: block.text });
    if (block.type === 'tool_use')
      content.push({ type: 'tool_use', id: block.id, name: block.name, input: asRecord(block.input) });
    // Thinking and server-tool blocks are not part of the seam; the kitchen asks for neither.
  }
  return {
    content,
    stopReason: fromApiStopReason(message.stop_reason),
    usage: fromApiUsage(message.usage),
    model: message.model,
  };
}

/** The model's own stop reason, kept; a full context window is one more way of running out of output room. */
function fromApiStopReason(reason: Anthropic.StopReason | null): ModelStopReason {
  switch (reason) {
    case 'model_context_window_exceeded':
      return 'max_tokens';
    // No reason at all: the reply is checked before it gets here, so this is a streaming leftover.
    case null:
      return 'end_turn';
    default:
      return reason;
  }
}

/** Cache reads and writes are input too, and the budget counts every token that was processed. */
function fromApiUsage(usage: Anthropic.Usage): Usage {
  return {
    inputTokens: usage.input_tokens + (usage.cache_creation_input_tokens ?? 0) + (usage.cache_read_input_tokens ?? 0),
    outputTokens: usage.output_tokens,
  };
}

function asRecord(input: unknown): Record<string, unknown> {
  return typeof input === 'object' && input !== null && !Array.isArray(input)
    ? (input as Record<string, unknown>)
    : { value: input };
}
