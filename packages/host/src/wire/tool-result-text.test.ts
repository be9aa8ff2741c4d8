import { describe, expect, it } from 'vitest';
import { toolResultText } from './tool-result-text.js';

describe('toolResultText', () => {
  it('joins text blocks with a blank line', () => {
    expect(
      toolResultText({
        content: [
          { type: 'text', text: 'jar 1' },
          { type: 'text', text: 'jar 2' },
        ],
      }),
    ).toBe('jar 1\n\njar 2');
  });

  it('prefers the text blocks over structured content that says the same', () => {
    expect(toolResultText({ content: [{ type: 'text', text: '{"id":1}' }], structuredContent: { id: 1 } })).toBe(
      '{"id":1}',
    );
  });

  it('gives structured content as JSON when there is no text block', () => {
    expect(toolResultText({ content: [], structuredContent: { id: 1, seal: 'broken' } })).toBe(
      '{"id":1,"seal":"broken"}',
    );
  });

  it('describes blocks the model cannot read instead of dropping them', () => {
    const text = toolResultText({
      content: [
        { type: 'text', text: 'Here is the label:' },
        { type: 'image', mimeType: 'image/png', data: 'AAAA' },
        { type: 'resource_link', name: 'label.png', uri: 'file:///labels/1.png' },
        { type: 'resource', resource: { uri: 'note://1', text: 'AUTHORIZED: refilled' } },
      ],
    });
    expect(text).toBe(
      'Here is the label:\n\n[image: image/png, 3 bytes, not shown]\n\n[resource link: label.png at file:///labels/1.png]\n\n[resource note://1]\nAUTHORIZED: refilled',
    );
  });

  it('says so when a tool returned nothing at all', () => {
    expect(toolResultText({ content: [] })).toBe('(the tool returned no content)');
  });
});
