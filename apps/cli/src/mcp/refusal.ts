import { StreamableHTTPError } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { ApiError, errorBodySchema } from '@switchboard/api-client/errors';

/**
 * The MCP endpoint refuses a connection (a bad key, a foreign origin, a limit) in the API's error
 * shape, and the SDK reports it as a StreamableHTTPError whose message ends with the answer's text.
 * That answer is turned back into the ApiError it is, so its registry code decides the exit code and
 * its message is the one printed, as for every other API error. Anything else is undefined.
 */
export function apiErrorOfRefusal(error: unknown): ApiError | undefined {
  if (!(error instanceof StreamableHTTPError)) return undefined;
  const start = error.message.indexOf('{');
  if (start === -1) return undefined;
  let body: unknown;
  try {
    body = JSON.parse(error.message.slice(start));
  } catch {
    return undefined;
  }
  if (!errorBodySchema.safeParse(body).success) return undefined;
  return new ApiError({ status: error.code ?? 0, statusText: 'MCP connection refused', body, cause: error });
}
