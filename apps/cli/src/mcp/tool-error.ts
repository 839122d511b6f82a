import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { ErrorCode } from '@switchboard/api-client/errors';

/**
 * A tool error of `mcp serve`'s own tools in the server's shape: the registry code first, then a
 * sentence (`CODE: message`), so an agent reads the same kind of answer whichever side refused.
 */
export function toolRefusal(code: ErrorCode, message: string): CallToolResult {
  return { isError: true, content: [{ type: 'text', text: `${code}: ${message}` }] };
}

/** The registry code a server tool error starts with, and its sentence; undefined for other text. */
export function codeOfToolText(text: string): { code: string; message: string } | undefined {
  const match = /^([A-Z][A-Z0-9_]*): ([\s\S]*)$/.exec(text);
  return match ? { code: match[1] as string, message: match[2] as string } : undefined;
}
