// What the model reads and the person is shown for each kind of MCP content in a tool result.

import { describe, expect, it } from 'vitest';
import { MAX_MODEL_IMAGES, readToolResult } from './tool-result-content.js';

const fromJars = { server: 'cookie-jars' };
const png = (bytes: number) => Buffer.alloc(bytes).toString('base64');

describe('readToolResult', () => {
  it('joins text blocks with a blank line', () => {
    const read = readToolResult(
      {
        content: [
          { type: 'text', text: 'jar 1' },
          { type: 'text', text: 'jar 2' },
        ],
      },
      fromJars,
    );
    expect(read).toEqual({ text: 'jar 1\n\njar 2', images: [], attachments: [] });
  });

  it('does not repeat structured content that a text block already says', () => {
    const read = readToolResult(
      { content: [{ type: 'text', text: '{ "id": 1 }' }], structuredContent: { id: 1 } },
      fromJars,
    );
    expect(read.text).toBe('{ "id": 1 }');
    expect(read.attachments).toEqual([]);
  });

  it('gives structured content as JSON when no text says the same', () => {
    expect(readToolResult({ content: [], structuredContent: { id: 1, seal: 'broken' } }, fromJars).text).toBe(
      '{"id":1,"seal":"broken"}',
    );
    expect(
      readToolResult({ content: [{ type: 'text', text: 'Jar 1 looks fine.' }], structuredContent: { id: 1 } }, fromJars)
        .text,
    ).toBe('Jar 1 looks fine.\n\n[structured content]\n{"id":1}');
    expect(readToolResult({ content: [], structuredContent: { id: 1 } }, fromJars).attachments).toEqual([
      { kind: 'structured', value: { id: 1 } },
    ]);
  });

  it('passes a small PNG to the model and names it in the text; the person sees its type and size', () => {
    const read = readToolResult(
      {
        content: [
          { type: 'text', text: 'Here are the dice:' },
          { type: 'image', mimeType: 'image/png', data: png(12_288) },
        ],
      },
      fromJars,
    );
    expect(read.text).toBe('Here are the dice:\n\n[image: image/png, 12 KB]');
    expect(read.images).toEqual([{ mimeType: 'image/png', data: png(12_288) }]);
    expect(read.attachments).toEqual([
      { kind: 'image', mimeType: 'image/png', bytes: 12_288, toModel: true, data: png(12_288) },
    ]);
  });

  it('describes an image the model cannot take (its type, its size, past the count) instead of passing it', () => {
    const read = readToolResult(
      {
        content: [
          { type: 'image', mimeType: 'image/svg+xml', data: png(300) },
          { type: 'image', mimeType: 'image/png', data: png(200_000) },
          ...Array.from({ length: MAX_MODEL_IMAGES + 1 }, () => ({
            type: 'image' as const,
            mimeType: 'image/png',
            data: png(10),
          })),
        ],
      },
      fromJars,
    );
    expect(read.images).toHaveLength(MAX_MODEL_IMAGES);
    expect(read.text).toContain(
      '[image: image/svg+xml, 300 B, not passed to the model: only PNG, JPEG, GIF or WebP images up to 64 KB are]',
    );
    expect(read.text).toContain('[image: image/png, 195 KB, not passed to the model');
    expect(read.text).toContain(`only ${MAX_MODEL_IMAGES} images of a result are`);
    // The person's copy carries the picture only for the images the model may get: bounded the same way.
    const withData = read.attachments.filter((part) => part.kind === 'image' && part.data !== undefined);
    expect(withData).toHaveLength(MAX_MODEL_IMAGES);
    expect(read.attachments.slice(0, 2)).toEqual([
      { kind: 'image', mimeType: 'image/svg+xml', bytes: 300, toModel: false },
      { kind: 'image', mimeType: 'image/png', bytes: 200_000, toModel: false },
    ]);
  });

  it('describes audio by type and size, and embedded resources by their text or their size', () => {
    const read = readToolResult(
      {
        content: [
          { type: 'audio', mimeType: 'audio/wav', data: png(9_000) },
          { type: 'resource', resource: { uri: 'note://1', mimeType: 'text/plain', text: 'AUTHORIZED: refilled' } },
          { type: 'resource', resource: { uri: 'label://1', mimeType: 'image/png', blob: png(2_048) } },
        ],
      },
      fromJars,
    );
    expect(read.text).toBe(
      [
        '[audio: audio/wav, 9 KB, not passed to the model: it takes no audio]',
        '[embedded resource note://1 (text/plain)]\nAUTHORIZED: refilled',
        '[embedded resource label://1 (image/png): binary, 2 KB, not shown]',
      ].join('\n\n'),
    );
    expect(read.attachments).toEqual([
      { kind: 'audio', mimeType: 'audio/wav', bytes: 9_000 },
      { kind: 'resource', uri: 'note://1', mimeType: 'text/plain', bytes: 20, text: true },
      { kind: 'resource', uri: 'label://1', mimeType: 'image/png', bytes: 2_048, text: false },
    ]);
  });

  it('tells the model how to follow a resource link when it can read resources', () => {
    const link = {
      type: 'resource_link' as const,
      name: 'jar-7',
      title: 'Jar 7',
      uri: 'jar://7',
      mimeType: 'application/json',
    };
    expect(readToolResult({ content: [link] }, fromJars).text).toBe(
      '[resource link: "Jar 7" at jar://7 (application/json)]',
    );
    const read = readToolResult({ content: [link] }, { ...fromJars, readResourceTool: 'read_resource' });
    expect(read.text).toBe(
      '[resource link: "Jar 7" at jar://7 (application/json) — read it with read_resource {"server": "cookie-jars", "uri": "jar://7"}]',
    );
    expect(read.attachments).toEqual([
      { kind: 'resource-link', uri: 'jar://7', name: 'Jar 7', mimeType: 'application/json' },
    ]);
  });

  it('keeps content for the user alone from the model, and shows it to the person', () => {
    const read = readToolResult(
      {
        content: [
          { type: 'text', text: 'for both' },
          { type: 'text', text: 'only you can see this', annotations: { audience: ['user'] } },
          { type: 'image', mimeType: 'image/png', data: png(10), annotations: { audience: ['user'] } },
        ],
      },
      fromJars,
    );
    expect(read.text).toBe('for both');
    expect(read.images).toEqual([]);
    expect(read.attachments).toEqual([
      { kind: 'for-user', text: 'only you can see this' },
      { kind: 'image', mimeType: 'image/png', bytes: 10, toModel: false },
    ]);
  });

  it('says so when a tool returned nothing at all', () => {
    expect(readToolResult({ content: [] }, fromJars).text).toBe('(the tool returned no content)');
  });
});
