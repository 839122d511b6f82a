import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { McpToolset, Task, TaskStatus } from '@switchboard/api-client/contract';
import { ZodError, type z } from 'zod';
import type { Database } from '../db/client';
import type { EventBus } from '../events/bus';
import { AppError, databaseFailure, describeForLog } from '../http/errors';
import type { McpCaller } from './auth';
import { findProjectRef, type ProjectRef, type SessionFacts } from './lookup';
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
  /** Stored status as last seen by this process; touches are skipped while nothing would change. */
  status: 'active' | 'awaiting_input' | 'ended';
  lastTouchAt: number;
}

export interface ToolDeps {
  db: Database;
  bus: EventBus;
}

/** What a tool handler gets besides its arguments. */
export interface ToolCall extends ToolDeps {
  caller: McpCaller;
  session: McpSessionState;
  /** The project named by `project` (id or key), else the session's; a clear error when neither. */
  project(reference?: string): Promise<ProjectRef>;
}

export interface ToolKit extends ToolDeps {
  server: McpServer;
  session: McpSessionState;
  facts: SessionFacts;
  /** Tools that only read: calling them does not end an awaiting_input state. */
  readOnlyTools: Set<string>;
}

export interface ToolSpec<S extends z.ZodObject> {
  name: string;
  title: string;
  description: string;
  input: S;
  readOnly?: boolean;
  destructive?: boolean;
  idempotent?: boolean;
}

/** Text the model reads: compact JSON (pretty-printing costs tokens and says nothing more). */
export function ok(value: unknown): CallToolResult {
  return { content: [{ type: 'text', text: JSON.stringify(value) }] };
}

/** Any failure as an MCP tool error (isError): a code and a sentence the model can act on, never a crash. */
export function toolError(thrown: unknown, tool: string): CallToolResult {
  // A collision between writers or a value the database refused is the caller's to handle, not a crash.
  const error = databaseFailure(thrown) ?? thrown;
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
  extra: { authInfo?: { extra?: Record<string, unknown> } },
) => Promise<CallToolResult>;
type LooseRegister = (
  name: string,
  config: {
    title: string;
    description: string;
    inputSchema: z.ZodObject;
    annotations: Record<string, unknown>;
  },
  handler: Handler,
) => unknown;

/**
 * Registers one tool. The SDK validates the arguments with `input` (a contract schema) and answers a
 * tool error for bad ones; everything the handler throws becomes a tool error too.
 */
export function defineTool<S extends z.ZodObject>(
  kit: ToolKit,
  spec: ToolSpec<S>,
  run: (args: z.output<S>, call: ToolCall) => Promise<unknown>,
): void {
  if (spec.readOnly) kit.readOnlyTools.add(spec.name);
  const handler: Handler = async (args, extra) => {
    const unsafe = unsafeToolArguments(args);
    if (unsafe) return toolError(unsafe, spec.name);
    try {
      const caller = callerOf(extra);
      const call: ToolCall = {
        db: kit.db,
        bus: kit.bus,
        caller,
        session: kit.session,
        project: (reference) => projectFor(kit, caller, reference),
      };
      return ok(await run(args as z.output<S>, call));
    } catch (error) {
      return toolError(error, spec.name);
    }
  };
  // Registered through a loose signature: the SDK's generic overloads add nothing over `input` here.
  (kit.server.registerTool.bind(kit.server) as unknown as LooseRegister)(
    spec.name,
    {
      title: spec.title,
      description: spec.description,
      inputSchema: spec.input,
      annotations: {
        title: spec.title,
        readOnlyHint: Boolean(spec.readOnly),
        destructiveHint: Boolean(spec.destructive),
        idempotentHint: Boolean(spec.idempotent ?? spec.readOnly),
        openWorldHint: false,
      },
    },
    handler,
  );
}

async function projectFor(
  kit: ToolKit,
  caller: McpCaller,
  reference: string | undefined,
): Promise<ProjectRef> {
  if (reference) return findProjectRef(kit.db, caller.acting, reference);
  if (kit.session.projectId) return findProjectRef(kit.db, caller.acting, kit.session.projectId);
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

/** A task as lists show it: what an agent needs to choose, without descriptions and criteria. */
export function compactTask(task: Task, statuses: Map<string, TaskStatus>) {
  const status = statuses.get(task.statusId);
  return {
    id: task.id,
    key: task.key,
    title: task.title,
    status: status?.name ?? task.statusId,
    statusCategory: status?.category,
    priority: task.priority,
    assignee: task.assignee,
    workUnitId: task.workUnitId,
    blockedBy: task.blockedBy,
    claim: task.claim,
    criteria: {
      checked: task.acceptanceCriteria.filter((criterion) => criterion.checked).length,
      total: task.acceptanceCriteria.length,
    },
    position: task.position,
    version: task.version,
  };
}

export const statusMap = (statuses: TaskStatus[]) => new Map(statuses.map((status) => [status.id, status]));

/** "Todo (todo), In Progress (in_progress) …" for descriptions. */
export function describeStatuses(statuses: TaskStatus[]): string {
  return statuses.map((status) => `${status.name} (${status.category})`).join(', ');
}
