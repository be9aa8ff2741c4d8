// What the conformance fixture answers, whichever SDK serves it: the tool results, resource
// contents and prompt messages the suite's scenarios compare word for word. The 2025 fixture
// (v1 SDK) and the 2026 fixture (v2 SDK) register these the way their SDK wants. Server side,
// test fixture.

import { FIXTURE_PNG_BASE64, FIXTURE_WAV_BASE64 } from './fixture-media.js';

export const textResult = (value: string) => ({ content: [{ type: 'text' as const, text: value }] });

type FixedResult = ReturnType<typeof textResult> | { content: { type: string; [key: string]: unknown }[] };
const tool = <Result extends FixedResult>(name: string, description: string, result: () => Result) => ({
  name,
  description,
  result,
});

/** The tools that take no input and answer the same every time: name, description, result. */
export const FIXED_TOOLS = [
  tool('test_simple_text', 'Returns one text block.', () => textResult('This is a simple text response for testing.')),
  tool('test_image_content', 'Returns one PNG image.', () => ({
    content: [{ type: 'image' as const, data: FIXTURE_PNG_BASE64, mimeType: 'image/png' }],
  })),
  tool('test_audio_content', 'Returns one WAV sound.', () => ({
    content: [{ type: 'audio' as const, data: FIXTURE_WAV_BASE64, mimeType: 'audio/wav' }],
  })),
  tool('test_embedded_resource', 'Returns an embedded text resource.', () => ({
    content: [
      {
        type: 'resource' as const,
        resource: {
          uri: 'test://embedded-resource',
          mimeType: 'text/plain',
          text: 'This is an embedded resource content.',
        },
      },
    ],
  })),
  tool('test_multiple_content_types', 'Returns text, an image and an embedded resource in one result.', () => ({
    content: [
      { type: 'text' as const, text: 'Multiple content types test:' },
      { type: 'image' as const, data: FIXTURE_PNG_BASE64, mimeType: 'image/png' },
      {
        type: 'resource' as const,
        resource: {
          uri: 'test://mixed-content-resource',
          mimeType: 'application/json',
          text: JSON.stringify({ test: 'data', value: 123 }),
        },
      },
    ],
  })),
];

export const ERROR_TOOL_TEXT = 'This tool intentionally returns an error for testing';

/** The fixed resources, by name: where each is, what it says about itself and what it holds. */
export const FIXED_RESOURCES = [
  {
    name: 'static-text',
    uri: 'test://static-text',
    meta: { title: 'Static text', description: 'A fixed text resource.', mimeType: 'text/plain' },
    contents: (uri: string) => [
      { uri, mimeType: 'text/plain', text: 'This is the content of the static text resource.' },
    ],
  },
  {
    name: 'static-binary',
    uri: 'test://static-binary',
    meta: { title: 'Static binary', description: 'A fixed PNG image.', mimeType: 'image/png' },
    contents: (uri: string) => [{ uri, mimeType: 'image/png', blob: FIXTURE_PNG_BASE64 }],
  },
];

export const TEMPLATE_RESOURCE = {
  name: 'template',
  uriTemplate: 'test://template/{id}/data',
  meta: { title: 'Template', description: 'JSON data for any id.', mimeType: 'application/json' },
  contents: (uri: string, id: unknown) => [
    {
      uri,
      mimeType: 'application/json',
      text: JSON.stringify({ id, templateTest: true, data: `Data for ID: ${String(id)}` }),
    },
  ],
};

const userText = (text: string) => ({ role: 'user' as const, content: { type: 'text' as const, text } });

/** The prompts' descriptions and messages; their argument schemas are the SDK's business. */
export const PROMPTS = {
  simple: {
    name: 'test_simple_prompt',
    description: 'A prompt without arguments.',
    messages: () => ({ messages: [userText('This is a simple prompt for testing.')] }),
  },
  withArguments: {
    name: 'test_prompt_with_arguments',
    description: 'A prompt with two required arguments, both completable.',
    messages: ({ arg1, arg2 }: { arg1: string; arg2: string }) => ({
      messages: [userText(`Prompt with arguments: arg1='${arg1}', arg2='${arg2}'`)],
    }),
  },
  withEmbeddedResource: {
    name: 'test_prompt_with_embedded_resource',
    description: 'A prompt that embeds the resource it is given.',
    messages: ({ resourceUri }: { resourceUri: string }) => ({
      messages: [
        {
          role: 'user' as const,
          content: {
            type: 'resource' as const,
            resource: { uri: resourceUri, mimeType: 'text/plain', text: 'Embedded resource content for testing.' },
          },
        },
        userText('Please process the embedded resource above.'),
      ],
    }),
  },
  withImage: {
    name: 'test_prompt_with_image',
    description: 'A prompt that carries an image.',
    messages: () => ({
      messages: [
        { role: 'user' as const, content: { type: 'image' as const, data: FIXTURE_PNG_BASE64, mimeType: 'image/png' } },
        userText('Please analyze the image above.'),
      ],
    }),
  },
};

const ARGUMENT_SUGGESTIONS = ['paris', 'park', 'parsley', 'test', 'testing'];

/** What the prompt arguments complete to: every suggestion that starts with what was typed. */
export const suggestArgument = (value: string) =>
  ARGUMENT_SUGGESTIONS.filter((suggestion) => suggestion.startsWith(value));
