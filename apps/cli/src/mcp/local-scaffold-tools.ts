import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import {
  mcpScaffoldAnswerSchema,
  mcpUseBoilerplateSchema,
  mcpUseScaffoldMethodSchema,
} from '@switchboard/api-client/contract';
import * as z from 'zod';
import {
  assertSafeProjectFolder,
  planScaffold,
  UnsafeTargetError,
  writeScaffold,
} from '../scaffold/write-files';
import { type LocalTool, localToolDefinition, type RemoteToolCall, toolAnswer } from './local-tool';
import { toolRefusal } from './tool-error';

/** The server's own arguments, plus where in the repository the files go. */
const useBoilerplateInput = mcpUseBoilerplateSchema;
const useScaffoldMethodInput = mcpUseScaffoldMethodSchema.extend({
  projectPath: z
    .string()
    .max(300)
    .optional()
    .describe('The project folder the feature goes in, relative to the repository root (default: the root)'),
});

const writeOutput = z.object({
  createdFiles: z.array(z.string()).describe('Written now, relative to the repository root'),
  existingFiles: z.array(z.string()).describe('Already there, so left unchanged'),
  warnings: z.array(z.string()),
  instruction: z.string().describe("The template's next steps for you"),
  template: z.string().optional(),
  method: z.string().optional(),
  recorded: mcpScaffoldAnswerSchema.shape.recorded,
});

/** Writes files, never over an existing one, so calling again changes nothing more. */
const writeAnnotations = { readOnlyHint: false, destructiveHint: false, idempotentHint: true };

/** What the server's use-boilerplate and use-scaffold-method answer: the rendered files. */
const renderedSchema = mcpScaffoldAnswerSchema.partial({ template: true, method: true });

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
    return toolRefusal(
      'INTERNAL_ERROR',
      `The server's answer to ${tool} was not understood; nothing was written.`,
    );
  let report: ReturnType<typeof writeScaffold>;
  try {
    report = writeScaffold(planScaffold(root, base, parsed.data.files));
  } catch (error) {
    if (error instanceof UnsafeTargetError) return toolRefusal('VALIDATION_FAILED', error.message);
    throw error;
  }
  const { template, method, recorded } = parsed.data;
  const structured = {
    ...report,
    warnings: [
      ...parsed.data.warnings,
      ...report.existingFiles.map((path) => `${path} already exists; it was left unchanged.`),
    ],
    instruction: parsed.data.instruction,
    ...(template === undefined ? {} : { template }),
    ...(method === undefined ? {} : { method }),
    ...(recorded === undefined ? {} : { recorded }),
  };
  return toolAnswer(structured);
}

/**
 * use-boilerplate and use-scaffold-method answered from the working tree: the server renders the
 * organization's template, and the files land in the repository (`root`, its git top level) instead
 * of in the agent's context, which then only reads the instruction and fills in the logic.
 */
export function localScaffoldTools(options: { root: string }): LocalTool[] {
  const guarded =
    <I>(schema: z.ZodType<I>, handler: (input: I, remote: RemoteToolCall) => Promise<CallToolResult>) =>
    async (args: unknown, remote: RemoteToolCall) => {
      const parsed = schema.safeParse(args ?? {});
      if (!parsed.success) return toolRefusal('VALIDATION_FAILED', z.prettifyError(parsed.error));
      return handler(parsed.data, remote);
    };

  const useBoilerplate: LocalTool = {
    definition: localToolDefinition(
      'use-boilerplate',
      'Create a project from a boilerplate',
      "Renders a boilerplate of the organization's templates and writes its files into this repository (never over an existing file). Answers the files created, those that already existed, warnings and the template's instruction.",
      useBoilerplateInput,
      writeOutput,
      writeAnnotations,
    ),
    call: guarded(useBoilerplateInput, (args, remote) => {
      // Checked here too, so a refused folder never reaches the server.
      const folder = args.targetFolder;
      if (folder?.split(/[\\/]/).includes('..'))
        return Promise.resolve(
          toolRefusal('VALIDATION_FAILED', `The targetFolder "${folder}" leads outside the repository.`),
        );
      return renderAndWrite(remote, 'use-boilerplate', args, options.root, '');
    }),
  };

  const useScaffoldMethod: LocalTool = {
    definition: localToolDefinition(
      'use-scaffold-method',
      'Add a feature from a template',
      "Renders a feature of the project's template (or of template) and writes its files into this repository under projectPath (never over an existing file). With task, the files are recorded in the task's devInfo.",
      useScaffoldMethodInput,
      writeOutput,
      writeAnnotations,
    ),
    call: guarded(useScaffoldMethodInput, ({ projectPath, ...args }, remote) => {
      // Checked before the server renders, which with a task records the scaffold on it.
      try {
        assertSafeProjectFolder(options.root, projectPath ?? '');
      } catch (error) {
        if (error instanceof UnsafeTargetError)
          return Promise.resolve(toolRefusal('VALIDATION_FAILED', error.message));
        throw error;
      }
      return renderAndWrite(remote, 'use-scaffold-method', args, options.root, projectPath ?? '');
    }),
  };

  return [useBoilerplate, useScaffoldMethod];
}
