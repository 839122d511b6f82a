import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { McpToolset, TaskStatus } from '@switchboard/api-client/contract';
import { ZodError, type z } from 'zod';
import { AppError, databaseFailure, describeForLog } from '../domain/errors';
import { findProjectRef, type ProjectRef, statusesOf } from '../domain/projects/lookup';
import type { DomainServices } from '../domain/services';
import { workerFailure } from '../http/worker-failures';
import type { McpCaller } from './auth';
import type { SessionFacts } from './lookup';
import { unsafeToolArguments } from './unsafe-input';

/** One MCP session as this process knows it (the agent_session row is the truth). */
export interface McpSessionState {
  /** agent_session.id: what claims point at. */
  id: string;
  mcpSessionId: string;
  organizationId: string;
  principal: string;
  agentName: string;
  /** The project tools work in when no `project` argument is given. */
  projectId: string | null;
  toolsets: readonly McpToolset[];
  /** Opened with a key an owner or admin marked admin: the tools that change rule sets are listed too. */
  adminTools?: boolean;
  /** Stored status as last seen by this process; touches are skipped while nothing would change. */
  status: 'active' | 'awaiting_input' | 'ended';
  lastTouchAt: number;
}

export interface ToolDeps {
  services: DomainServices;
  /** GitHub's web address: where pull request addresses are. */
  githubWebUrl: string;
}

/** What a tool handler gets besides its arguments. */
export interface ToolCall extends ToolDeps {
  caller: McpCaller;
  session: McpSessionState;
  /** The project named by `project` (id or key), else the session's; a clear error when neither. */
  project(reference?: string): Promise<ProjectRef>;
  /** Aborted when the client cancels the call: long waits stop early. */
  signal: AbortSignal | undefined;
  /**
   * A project's statuses in board order. A project's statuses are fixed when it is created, so the
   * bound project's come from the session's facts and cost no query.
   */
  statuses(projectId: string): Promise<TaskStatus[]>;
}

export interface ToolKit extends ToolDeps {
  session: McpSessionState;
  facts: SessionFacts;
  /** The group whose tools are being defined. */
  toolset: McpToolset;
  /** The tools this session lists, by name, each ready to register on its server. */
  tools: Map<string, (server: McpServer) => void>;
  /** Tools that only read: calling them does not end an awaiting_input state. */
  readOnlyTools: Set<string>;
}

export interface ToolSpec<S extends z.ZodObject, O extends z.ZodObject> {
  name: string;
  title: string;
  description: string;
  input: S;
  /** What the tool answers: its outputSchema, and the check its structuredContent passes. */
  output: O;
  /** Part of the work loop: listed by the `core` toolset, the default, as well as by its own group. */
  core?: boolean;
  readOnly?: boolean;
  destructive?: boolean;
  idempotent?: boolean;
}

/**
 * The answer as structured content, and the same as compact JSON text for clients that only read
 * text (pretty-printing costs tokens and says nothing more).
 */
export function ok(value: Record<string, unknown>): CallToolResult {
  return { content: [{ type: 'text', text: JSON.stringify(value) }], structuredContent: value };
}

/** Any failure as an MCP tool error (isError): a code and a sentence the model can act on, never a crash. */
export function toolError(thrown: unknown, tool: string): CallToolResult {
  // A collision between writers or a value the database refused is the caller's to handle, not a crash.
  const error = databaseFailure(thrown) ?? workerFailure(thrown) ?? thrown;
  let text: string;
  if (error instanceof AppError) {
    const details =
      error.details === undefined || error.code === 'VALIDATION_FAILED'
        ? ''
        : ` ${JSON.stringify(error.details)}`;
    text = `${error.code}: ${error.message}${details}`;
  } else if (error instanceof ZodError) {
    const issues = error.issues
      .slice(0, 5)
      .map((issue) => (issue.path.length ? `${issue.path.join('.')}: ${issue.message}` : issue.message));
    text = `VALIDATION_FAILED: ${issues.join('; ')}`;
  } else {
    console.error(`[mcp] tool ${tool} failed: ${describeForLog(error)}`);
    text = 'INTERNAL_ERROR: Something went wrong on the server; the change was not made.';
  }
  return { content: [{ type: 'text', text }], isError: true };
}

/** The caller the HTTP layer authenticated for this very request (auth is checked on every request). */
function callerOf(extra: { authInfo?: { extra?: Record<string, unknown> } }): McpCaller {
  const caller = extra.authInfo?.extra?.caller as McpCaller | undefined;
  if (!caller) throw new AppError('UNAUTHENTICATED');
  return caller;
}

type Handler = (
  args: unknown,
  extra: { authInfo?: { extra?: Record<string, unknown> }; signal?: AbortSignal },
) => Promise<CallToolResult>;
type LooseRegister = (
  name: string,
  config: {
    title: string;
    description: string;
    inputSchema: z.ZodObject;
    outputSchema: z.ZodObject;
    annotations: Record<string, boolean>;
  },
  handler: Handler,
) => unknown;

/**
 * The hints that differ from MCP's defaults (a tool is assumed to write, destroy, not be idempotent
 * and reach the open world): every hint costs listing space in each session.
 */
function annotationsOf(spec: {
  readOnly?: boolean;
  destructive?: boolean;
  idempotent?: boolean;
}): Record<string, boolean> {
  if (spec.readOnly) return { readOnlyHint: true, openWorldHint: false };
  const hints: Record<string, boolean> = { destructiveHint: Boolean(spec.destructive), openWorldHint: false };
  if (spec.idempotent) hints.idempotentHint = true;
  return hints;
}

/**
 * The schema as listed without its `$schema` dialect line: each tool would repeat it twice, in every
 * session, and a client reads JSON Schema without being told.
 */
function withoutDialect<S extends z.ZodObject>(schema: S): S {
  return schema.meta({ $schema: undefined });
}

/** Whether the session lists a tool: its group is chosen, or it is a core tool and `core` is. */
function listed(kit: ToolKit, spec: { core?: boolean }): boolean {
  return (
    kit.session.toolsets.includes(kit.toolset) ||
    (Boolean(spec.core) && kit.session.toolsets.includes('core'))
  );
}

/**
 * Defines one tool for the session when its toolsets list it. The SDK validates the arguments with
 * `input` (a contract schema) and answers a tool error for bad ones; everything the handler throws
 * becomes a tool error too. The answer is checked against `output` before it leaves: an answer that
 * does not match is the server's fault, logged, and never sent half right.
 */
export function defineTool<S extends z.ZodObject, O extends z.ZodObject>(
  kit: ToolKit,
  spec: ToolSpec<S, O>,
  run: (args: z.output<S>, call: ToolCall) => Promise<z.input<O>>,
): void {
  if (!listed(kit, spec) || kit.tools.has(spec.name)) return;
  if (spec.readOnly) kit.readOnlyTools.add(spec.name);
  const handler: Handler = async (args, extra) => {
    const unsafe = unsafeToolArguments(args);
    if (unsafe) return toolError(unsafe, spec.name);
    let answer: z.input<O>;
    try {
      const caller = callerOf(extra);
      const call: ToolCall = {
        services: kit.services,
        githubWebUrl: kit.githubWebUrl,
        caller,
        session: kit.session,
        project: (reference) => projectFor(kit, caller, reference),
        signal: extra.signal,
        statuses: (projectId) =>
          kit.facts.project?.id === projectId
            ? Promise.resolve(kit.facts.project.statuses)
            : statusesOf(kit.services.db, projectId),
      };
      // The SDK parsed the arguments with `input` before calling; its handler type is loose (see below).
      answer = await run(args as z.output<S>, call);
    } catch (error) {
      return toolError(error, spec.name);
    }
    const checked = spec.output.safeParse(answer);
    if (!checked.success)
      return toolError(new Error(`answer does not match its schema: ${checked.error.message}`), spec.name);
    return ok(checked.data);
  };
  kit.tools.set(spec.name, (server) =>
    // Registered through a loose signature: the SDK's generic overloads add nothing over `input` here.
    (server.registerTool.bind(server) as unknown as LooseRegister)(
      spec.name,
      {
        title: spec.title,
        description: spec.description,
        inputSchema: withoutDialect(spec.input),
        outputSchema: withoutDialect(spec.output),
        annotations: annotationsOf(spec),
      },
      handler,
    ),
  );
}

async function projectFor(
  kit: ToolKit,
  caller: McpCaller,
  reference: string | undefined,
): Promise<ProjectRef> {
  if (reference) return findProjectRef(kit.services.db, caller.acting, reference);
  if (kit.session.projectId) return findProjectRef(kit.services.db, caller.acting, kit.session.projectId);
  const names = kit.facts.projects.map((project) => project.key).join(', ');
  throw new AppError(
    'VALIDATION_FAILED',
    `project: name the project (id or key${names ? `, one of ${names}` : ''}); this session is not bound to one (add ?project=KEY to the MCP URL to bind it).`,
  );
}

/**
 * Writes that take the version the agent read. An agent may leave it out: the tool then writes over the
 * current version (read just before), and reads again if someone changed the row in between. A given
 * version is used as is, so a stale one still gets VERSION_CONFLICT.
 */
export async function withVersion<R extends { version: number }, T>(
  explicit: number | undefined,
  read: () => Promise<R>,
  write: (row: R, version: number) => Promise<T>,
): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    const row = await read();
    try {
      return await write(row, explicit ?? row.version);
    } catch (error) {
      const retry = explicit === undefined && attempt < 2;
      if (retry && error instanceof AppError && error.code === 'VERSION_CONFLICT') continue;
      throw error;
    }
  }
}

export const statusMap = (statuses: TaskStatus[]) => new Map(statuses.map((status) => [status.id, status]));

/** "Todo (todo), In Progress (in_progress) …" for descriptions. */
export function describeStatuses(statuses: TaskStatus[]): string {
  return statuses.map((status) => `${status.name} (${status.category})`).join(', ');
}
