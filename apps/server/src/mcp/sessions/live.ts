import { randomBytes } from 'node:crypto';
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import type { SessionFacts } from '../lookup';
import { buildMcpServer } from '../server';
import type { McpSessionState, ToolDeps } from '../tooling';

/** A session this process serves: its MCP server and the transport connected to it. */
export interface LiveSession {
  state: McpSessionState;
  server: McpServer;
  transport: WebStandardStreamableHTTPServerTransport;
  readOnlyTools: Set<string>;
  lastUsedAt: number;
}

export interface LiveSessionTimings {
  /** How often a session's lastSeenAt and claim leases are written at most. */
  touchEveryMs: number;
  /** When an unused session leaves this process's memory (its row stays). */
  evictAfterMs: number;
}

/**
 * The sessions this process holds in memory, by Mcp-Session-Id. The agent_session rows are the truth:
 * a session evicted here, or opened by another process, is revived from its row on its next call.
 */
export class LiveSessions {
  private readonly live = new Map<string, LiveSession>();
  private readonly reviving = new Map<string, Promise<LiveSession | null>>();

  constructor(
    readonly deps: ToolDeps,
    readonly timings: LiveSessionTimings,
  ) {}

  /** The services' clock, which also decides when a session is touched or evicted. */
  now(): number {
    return this.deps.services.clock.now().getTime();
  }

  /** A new MCP server for the session, connected to a transport that keeps the session's id once it has one. */
  async connect(state: McpSessionState, facts: SessionFacts): Promise<LiveSession> {
    const transport = new WebStandardStreamableHTTPServerTransport({
      sessionIdGenerator: () => state.mcpSessionId || randomBytes(24).toString('base64url'),
      enableJsonResponse: true,
    });
    const { server, readOnlyTools } = buildMcpServer(this.deps, state, facts);
    await server.connect(transport);
    return { state, server, transport, readOnlyTools, lastUsedAt: this.now() };
  }

  get(mcpSessionId: string): LiveSession | undefined {
    return this.live.get(mcpSessionId);
  }

  keep(mcpSessionId: string, entry: LiveSession): void {
    this.live.set(mcpSessionId, entry);
  }

  async forget(mcpSessionId: string): Promise<void> {
    const entry = this.live.get(mcpSessionId);
    this.live.delete(mcpSessionId);
    await entry?.server.close().catch(() => undefined);
  }

  /** Lets go of the sessions unused for evictAfterMs; their next call revives them. */
  evictIdle(at: number): void {
    for (const [id, entry] of this.live) {
      if (at - entry.lastUsedAt > this.timings.evictAfterMs) void this.forget(id);
    }
  }

  /** Concurrent first calls of one session share one revival. */
  reviveOnce(mcpSessionId: string, revive: () => Promise<LiveSession | null>): Promise<LiveSession | null> {
    let pending = this.reviving.get(mcpSessionId);
    if (!pending) {
      pending = revive().finally(() => this.reviving.delete(mcpSessionId));
      this.reviving.set(mcpSessionId, pending);
    }
    return pending;
  }

  /** Closes every live session of this process (their rows stay: another process may serve them). */
  async close(): Promise<void> {
    await Promise.all([...this.live.keys()].map((id) => this.forget(id)));
  }
}
