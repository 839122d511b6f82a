import type { CallToolResult, Tool, ToolAnnotations } from '@modelcontextprotocol/sdk/types.js';
import * as z from 'zod';

/** Calls a tool of the Switchboard server this proxy is connected to. */
export type RemoteToolCall = (name: string, args: Record<string, unknown>) => Promise<CallToolResult>;

/** A tool `mcp serve` answers itself instead of passing it on. */
export interface LocalTool {
  definition: Tool;
  call(args: unknown, remote: RemoteToolCall): Promise<CallToolResult>;
}

/** How a local tool is listed: its schemas as JSON Schema; it reaches nothing outside the repository. */
export function localToolDefinition(
  name: string,
  title: string,
  description: string,
  input: z.ZodType,
  output: z.ZodType,
  annotations: Omit<ToolAnnotations, 'openWorldHint'>,
): Tool {
  return {
    name,
    title,
    description,
    inputSchema: z.toJSONSchema(input, { io: 'input' }) as Tool['inputSchema'],
    outputSchema: z.toJSONSchema(output) as Tool['outputSchema'],
    annotations: { ...annotations, openWorldHint: false },
  };
}

/** A local tool's answer: the structured result, and the same as text. */
export function toolAnswer(structured: Record<string, unknown>): CallToolResult {
  // Both: some clients hand the model only structuredContent, others only the text.
  return { content: [{ type: 'text', text: JSON.stringify(structured) }], structuredContent: structured };
}
