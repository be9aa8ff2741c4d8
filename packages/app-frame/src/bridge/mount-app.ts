// Renders one tool call's MCP App in a page: a sandboxed frame and the host side of the App
// protocol, through @modelcontextprotocol/ext-apps' AppBridge (its non-React `app-bridge` entry).
// Browser side, shared by `kitchen call --app`'s preview page and the web kitchen's lanes.
//
// The frame is `sandbox="allow-scripts"` without `allow-same-origin`: its origin is opaque, so
// the App reaches neither the page's DOM nor its storage nor its API; it can only post messages.
// The frame document is served by the app with the CSP the resource asked for (frame-policy.ts).
// The bridge holds no MCP client: every request the App makes goes to `host`, which sends it
// through the kitchen's own gate, budget and events (the App never talks to a server itself).

import { AppBridge, type McpUiHostCapabilities, PostMessageTransport } from '@modelcontextprotocol/ext-apps/app-bridge';

/** A CallToolResult as JSON. */
export interface AppCallResult {
  content: unknown[];
  structuredContent?: Record<string, unknown>;
  isError?: boolean;
  _meta?: Record<string, unknown>;
}

/** Content blocks as the App sends them (text, image, …). */
export type AppContent = { type: string; [field: string]: unknown }[];

/** What the page does with the App's requests. Each answer is the App's; a refusal is data. */
export interface AppHost {
  /** tools/call from the App: the host decides, calls, and answers with the result. */
  callTool(name: string, args: Record<string, unknown>): Promise<AppCallResult>;
  /** ui/message: the App asks to add a message to the conversation. */
  message(content: AppContent): Promise<{ isError?: boolean }>;
  /** ui/update-model-context: what the App wants the model to know next turn. */
  updateModelContext(update: { content?: AppContent; structuredContent?: Record<string, unknown> }): Promise<void>;
  /** ui/open-link: the host shows or opens the link; the App never navigates the page. */
  openLink(url: string): Promise<{ isError?: boolean }>;
  /** The App's notifications, for the page to show (initialized, size, log lines). */
  notice?(what: string): void;
}

export interface MountAppOptions {
  /** Where the frame goes. */
  container: HTMLElement;
  /** The frame document's URL, served by the app with the App's CSP. */
  frameUrl: string;
  /** The call the App renders. */
  tool: { name: string; server: string; description?: string };
  input: Record<string, unknown>;
  /** The call's result; undefined while it is still running (send it later with `sendResult`). */
  result?: AppCallResult;
  host: AppHost;
  hostInfo?: { name: string; version: string };
}

export interface MountedApp {
  frame: HTMLIFrameElement;
  sendResult(result: AppCallResult): Promise<void>;
  close(): Promise<void>;
}

/** The frame's height before the App says its own, and the most it may ask for. */
const FIRST_HEIGHT_PX = 160;
const MAX_HEIGHT_PX = 1200;

export async function mountApp(options: MountAppOptions): Promise<MountedApp> {
  const { host } = options;
  const frame = document.createElement('iframe');
  frame.setAttribute('sandbox', 'allow-scripts');
  // The page's address may carry a token: the App's document is not told where it is framed.
  frame.setAttribute('referrerpolicy', 'no-referrer');
  frame.setAttribute('title', `${options.tool.name}'s App (${options.tool.server})`);
  frame.className = 'mcp-app-frame';
  frame.style.height = `${FIRST_HEIGHT_PX}px`;
  frame.src = options.frameUrl;
  options.container.append(frame);
  const target = frame.contentWindow;
  if (target === null) throw new Error('the App frame has no window to talk to');

  const capabilities: McpUiHostCapabilities = {
    serverTools: {},
    openLinks: {},
    message: { text: {} },
    updateModelContext: { text: {}, structuredContent: {} },
  };
  const bridge = new AppBridge(null, options.hostInfo ?? { name: 'mcp-kitchen', version: '0.1.0' }, capabilities, {
    hostContext: {
      displayMode: 'inline',
      availableDisplayModes: ['inline'],
      toolInfo: {
        tool: { name: options.tool.name, inputSchema: { type: 'object' }, ...describe(options.tool.description) },
      },
    },
  });
  bridge.oncalltool = async (params) => {
    const result = await host.callTool(params.name, (params.arguments ?? {}) as Record<string, unknown>);
    return result as Awaited<ReturnType<NonNullable<AppBridge['oncalltool']>>>;
  };
  bridge.onmessage = async (params) => host.message(params.content as AppContent);
  bridge.onupdatemodelcontext = async (params) => {
    await host.updateModelContext({
      ...(params.content === undefined ? {} : { content: params.content as AppContent }),
      ...(params.structuredContent === undefined ? {} : { structuredContent: params.structuredContent }),
    });
    return {};
  };
  bridge.onopenlink = async (params) => host.openLink(params.url);
  bridge.onsizechange = ({ height }) => {
    if (typeof height === 'number' && height > 0) frame.style.height = `${Math.min(height, MAX_HEIGHT_PX)}px`;
  };
  bridge.onloggingmessage = (params) => host.notice?.(`log (${params.level}): ${JSON.stringify(params.data)}`);

  let result = options.result;
  let initialized = false;
  bridge.oninitialized = () => {
    initialized = true;
    host.notice?.('initialized');
    void bridge.sendToolInput({ arguments: options.input });
    if (result !== undefined) void bridge.sendToolResult(result as Parameters<AppBridge['sendToolResult']>[0]);
  };
  // Connected before the frame's document loads, so the App's first ui/initialize is heard.
  await bridge.connect(new PostMessageTransport(target, target));

  return {
    frame,
    async sendResult(next) {
      result = next;
      if (initialized) await bridge.sendToolResult(next as Parameters<AppBridge['sendToolResult']>[0]);
    },
    async close() {
      await bridge.close();
      frame.remove();
    },
  };
}

function describe(description: string | undefined): { description?: string } {
  return description === undefined ? {} : { description };
}
