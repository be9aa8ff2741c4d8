import { describe, expect, it } from 'vitest';
import { APP_MIME_TYPE, readAppResource, toolApp } from './mcp-apps.js';

describe('toolApp', () => {
  it('reads the App a tool names in _meta.ui.resourceUri, or in the older flat key', () => {
    expect(toolApp({ _meta: { ui: { resourceUri: 'ui://dice/tray' } } })).toEqual({ resourceUri: 'ui://dice/tray' });
    expect(toolApp({ _meta: { 'ui/resourceUri': 'ui://old/key' } })).toEqual({ resourceUri: 'ui://old/key' });
  });

  it('takes no App from a tool without one, or one that names a non-ui:// resource', () => {
    expect(toolApp({})).toBeUndefined();
    expect(toolApp({ _meta: { ui: { resourceUri: 'https://example.test/app.html' } } })).toBeUndefined();
  });
});

describe('readAppResource', () => {
  it("picks the App's HTML and the CSP origins its _meta.ui asks for", () => {
    const read = readAppResource('ui://dice/tray', [
      {
        uri: 'ui://dice/tray',
        mimeType: APP_MIME_TYPE,
        text: '<p>tray</p>',
        _meta: { ui: { csp: { connectDomains: ['https://api.test'], resourceDomains: 'nope' }, prefersBorder: true } },
      },
    ]);
    expect(read).toEqual({
      uri: 'ui://dice/tray',
      html: '<p>tray</p>',
      csp: { connectDomains: ['https://api.test'] },
      prefersBorder: true,
    });
  });

  it('says what the server answered when the resource is not an App', () => {
    expect(readAppResource('ui://x', [{ uri: 'ui://x', mimeType: 'text/html', text: '<p></p>' }])).toBe(
      `ui://x is not an App: the server answered text/html, not ${APP_MIME_TYPE}`,
    );
  });
});
