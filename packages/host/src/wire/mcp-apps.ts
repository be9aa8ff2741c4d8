// MCP Apps (SEP-1865, the extension `io.modelcontextprotocol/ui`) as the host meets them on the
// wire: what the host advertises, how a tool names its App, and what a server's App resource is.
// Host side. Rendering an App is an app's job (a browser page); the host only reads what it needs.

import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import type { ResourceContents } from './server-features.js';

/** The extension's id, the key under a client's `capabilities.extensions`. */
export const MCP_APPS_EXTENSION = 'io.modelcontextprotocol/ui';
/** The MIME type of an App's HTML resource. */
export const APP_MIME_TYPE = 'text/html;profile=mcp-app';

/** What the host says it supports, in its initialize request (both revisions). */
export const APPS_CLIENT_EXTENSIONS: Record<string, { mimeTypes: string[] }> = {
  [MCP_APPS_EXTENSION]: { mimeTypes: [APP_MIME_TYPE] },
};

/** A tool's App: the `ui://` resource that renders its calls. */
export interface ToolApp {
  resourceUri: string;
}

/**
 * The App a tool names in `_meta.ui.resourceUri`, or in the older flat key `_meta["ui/resourceUri"]`
 * that hosts still accept. Only `ui://` URIs count: anything else is not an App resource.
 */
export function toolApp(tool: Pick<Tool, '_meta'>): ToolApp | undefined {
  const meta = tool._meta;
  if (meta === undefined) return undefined;
  const ui = meta.ui;
  const nested = typeof ui === 'object' && ui !== null ? (ui as { resourceUri?: unknown }).resourceUri : undefined;
  const uri = nested ?? meta['ui/resourceUri'];
  return typeof uri === 'string' && uri.startsWith('ui://') ? { resourceUri: uri } : undefined;
}

/** The CSP origins an App asks for (each list empty or absent: none of that kind). */
export interface AppCsp {
  connectDomains?: string[];
  resourceDomains?: string[];
  frameDomains?: string[];
  baseUriDomains?: string[];
}

/** An App's HTML and what its `_meta.ui` asks of the frame that renders it. */
export interface AppResource {
  uri: string;
  html: string;
  csp: AppCsp;
  prefersBorder?: boolean;
}

/**
 * Picks the App's HTML out of a resources/read answer: the first content of the App MIME type
 * (text, or a base64 blob). The CSP comes from the content's `_meta.ui` (where the spec puts it).
 * Returns a sentence saying what is wrong when the answer holds no App.
 */
export function readAppResource(uri: string, contents: ResourceContents[]): AppResource | string {
  const content = contents.find((candidate) => candidate.mimeType?.replace(/\s+/g, '') === APP_MIME_TYPE);
  if (content === undefined) {
    const types = contents.map((candidate) => candidate.mimeType ?? 'no MIME type').join(', ') || 'nothing';
    return `${uri} is not an App: the server answered ${types}, not ${APP_MIME_TYPE}`;
  }
  const html = 'text' in content ? content.text : Buffer.from(content.blob, 'base64').toString('utf8');
  const ui = content._meta?.ui;
  const asked = typeof ui === 'object' && ui !== null ? (ui as { csp?: unknown; prefersBorder?: unknown }) : {};
  const prefersBorder = typeof asked.prefersBorder === 'boolean' ? { prefersBorder: asked.prefersBorder } : {};
  return { uri, html, csp: readCsp(asked.csp), ...prefersBorder };
}

function readCsp(value: unknown): AppCsp {
  if (typeof value !== 'object' || value === null) return {};
  const csp: AppCsp = {};
  for (const key of ['connectDomains', 'resourceDomains', 'frameDomains', 'baseUriDomains'] as const) {
    const list = (value as Record<string, unknown>)[key];
    if (Array.isArray(list)) csp[key] = list.filter((origin): origin is string => typeof origin === 'string');
  }
  return csp;
}
