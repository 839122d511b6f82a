import type { CallToolResult, Tool } from '@modelcontextprotocol/sdk/types.js';
import { mcpTaskArgument } from '@switchboard/api-client/contract';
import * as z from 'zod';
import { planScaffold, UnsafeTargetError, writeScaffold } from '../scaffold/write-files';
import type { LocalTool, RemoteToolCall } from './local-review-tools';

const variablesArgument = z
  .record(z.string(), z.unknown())
  .default({})
  .describe("Values for the method's variables_schema (list-scaffolding-methods shows it)");

const useBoilerplateInput = z.strictObject({
  boilerplateName: z.string().min(1).describe('A boilerplate of list-boilerplates'),
  variables: variablesArgument,
  targetFolder: z
    .string()
    .min(1)
    .optional()
    .describe(
      "Where the new project goes, relative to the repository root (default: the boilerplate's targetFolder)",
    ),
});

const useScaffoldMethodInput = z.strictObject({
  scaffold_feature_name: z.string().min(1).describe('A feature of list-scaffolding-methods'),
  variables: variablesArgument,
  template: z.string().min(1).optional().describe("The template (default: the project's template)"),
  projectPath: z
    .string()
    .optional()
    .describe('The project folder the feature goes in, relative to the repository root (default: the root)'),
  task: mcpTaskArgument.optional().describe("Record the scaffold's files in this task's devInfo"),
});

const writeOutput = z.object({
  createdFiles: z.array(z.string()).describe('Written now, relative to the repository root'),
  existingFiles: z.array(z.string()).describe('Already there, so left unchanged'),
  warnings: z.array(z.string()),
  instruction: z.string().describe("The template's next steps for you"),
});

/** What the server's use-boilerplate and use-scaffold-method answer: the rendered files. */
const renderedSchema = z.object({
  files: z.array(z.object({ path: z.string(), content: z.string() })),
  instruction: z.string().default(''),
  warnings: z.array(z.string()).default([]),
});

function definition(name: string, title: string, description: string, input: z.ZodType): Tool {
  return {
    name,
    title,
    description,
    inputSchema: z.toJSONSchema(input, { io: 'input' }) as Tool['inputSchema'],
    outputSchema: z.toJSONSchema(writeOutput) as Tool['outputSchema'],
    annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  };
}

function refusal(message: string): CallToolResult {
  return { isError: true, content: [{ type: 'text', text: message }] };
}

/**
 * Asks the server to render (it validates the variables and refuses unsafe paths, and with a task
 * records the scaffold on it), then writes the files into the working tree under `root/base`,
 * never over an existing file.
 */
async function renderAndWrite(
  remote: RemoteToolCall,
  tool: string,
  args: Record<string, unknown>,
  root: string,
  base: string,
): Promise<CallToolResult> {
  const rendered = await remote(tool, args);
  // The server's refusal (unknown method, a variable breaking the schema) is the agent's to read.
  if (rendered.isError) return rendered;
  const parsed = renderedSchema.safeParse(rendered.structuredContent);
  if (!parsed.success)
    return refusal(`The server's answer to ${tool} was not understood; nothing was written.`);
  let report: ReturnType<typeof writeScaffold>;
  try {
    report = writeScaffold(planScaffold(root, base, parsed.data.files));
  } catch (error) {
    if (error instanceof UnsafeTargetError) return refusal(error.message);
    throw error;
  }
  const structured = {
    ...report,
    warnings: [
      ...parsed.data.warnings,
      ...report.existingFiles.map((path) => `${path} already exists; it was left unchanged.`),
    ],
    instruction: parsed.data.instruction,
  };
  return { content: [{ type: 'text', text: JSON.stringify(structured) }], structuredContent: structured };
}

/**
 * use-boilerplate and use-scaffold-method answered from the working tree: the server renders the
 * organisation's template, and the files land in the repository (`root`, its git top level) instead
 * of in the agent's context, which then only reads the instruction and fills in the logic.
 */
export function localScaffoldTools(options: { root: string }): LocalTool[] {
  const guarded =
    <I>(schema: z.ZodType<I>, handler: (input: I, remote: RemoteToolCall) => Promise<CallToolResult>) =>
    async (args: unknown, remote: RemoteToolCall) => {
      const parsed = schema.safeParse(args ?? {});
      if (!parsed.success) return refusal(z.prettifyError(parsed.error));
      return handler(parsed.data, remote);
    };

  const useBoilerplate: LocalTool = {
    definition: definition(
      'use-boilerplate',
      'Create a project from a boilerplate',
      "Renders a boilerplate of the organisation's templates and writes its files into this repository (never over an existing file). Answers the files created, those that already existed, warnings and the template's instruction.",
      useBoilerplateInput,
    ),
    call: guarded(useBoilerplateInput, ({ boilerplateName, variables, targetFolder }, remote) => {
      // Checked here too, so a refused folder never reaches the server.
      if (targetFolder?.split(/[\\/]/).includes('..'))
        return Promise.resolve(refusal(`The targetFolder "${targetFolder}" leads outside the repository.`));
      return renderAndWrite(
        remote,
        'use-boilerplate',
        { boilerplateName, variables, ...(targetFolder === undefined ? {} : { targetFolder }) },
        options.root,
        '',
      );
    }),
  };

  const useScaffoldMethod: LocalTool = {
    definition: definition(
      'use-scaffold-method',
      'Add a feature from a template',
      "Renders a feature of the project's template (or of template) and writes its files into this repository under projectPath (never over an existing file). With task, the files are recorded in the task's devInfo.",
      useScaffoldMethodInput,
    ),
    call: guarded(useScaffoldMethodInput, ({ projectPath, ...args }, remote) =>
      renderAndWrite(remote, 'use-scaffold-method', args, options.root, projectPath ?? ''),
    ),
  };

  return [useBoilerplate, useScaffoldMethod];
}
