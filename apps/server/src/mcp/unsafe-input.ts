import { AppError } from '../domain/errors';
import { describeUnsafeInput, findUnsafeInput, type UnsafeInput } from '../http/input-safety';

type RpcMessage = { id?: unknown; method?: unknown; params?: unknown };

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A message with the arguments of a tool call left out: the tool checks those itself. */
function withoutToolArguments(message: unknown): unknown {
  if (!isRecord(message) || message.method !== 'tools/call' || !isRecord(message.params)) return message;
  const { arguments: _checkedByTheTool, ...params } = message.params;
  return { ...message, params };
}

function invalidParams(id: unknown, found: UnsafeInput): Response {
  const answer = {
    jsonrpc: '2.0',
    // The id itself may be the bad value; then the answer cannot name the request.
    id: findUnsafeInput(id) ? null : (id ?? null),
    error: { code: -32602, message: `Invalid params: ${describeUnsafeInput(found)}` },
  };
  return new Response(JSON.stringify(answer), {
    status: 400,
    headers: { 'content-type': 'application/json' },
  });
}

/**
 * The JSON-RPC answer for a request holding a value no database can store (NUL, lone surrogates) or
 * nesting without bound, in its query (`project`) or its body outside tool arguments (client names,
 * prompt arguments …): those reach session rows and queries, so they are refused before the SDK
 * sees them. Undefined when the request is fine.
 */
export function refuseUnsafeMcpRequest(request: Request, body: unknown): Response | undefined {
  const inQuery = findUnsafeInput(Object.fromEntries(new URL(request.url).searchParams));
  if (inQuery) return invalidParams(null, inQuery);
  const messages: unknown[] = Array.isArray(body) ? body : [body];
  for (const message of messages) {
    const found = findUnsafeInput(withoutToolArguments(message));
    if (found) return invalidParams(isRecord(message) ? (message as RpcMessage).id : null, found);
  }
  return undefined;
}

/** Tool arguments holding a value no database can store, as the tool error the caller gets. */
export function unsafeToolArguments(args: unknown): AppError | undefined {
  const found = findUnsafeInput(args);
  if (!found) return undefined;
  return new AppError('VALIDATION_FAILED', describeUnsafeInput(found), [
    { path: found.path, message: found.message },
  ]);
}
