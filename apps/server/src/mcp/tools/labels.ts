import * as z from 'zod';
import { listLabels } from '../../domain/tasks/labels';
import { defineTool, type ToolKit } from '../tooling';

/** What create-task and update-task accept as labels: the organization's label names, any case. */
export const labelNamesArgument = z
  .array(z.string().max(50))
  .max(20)
  .describe('Label names; replaces the set');

/** labels: the organization's labels, so an agent can tag and filter tasks with the names people use. */
export function registerLabelTools(kit: ToolKit): void {
  defineTool(
    kit,
    {
      name: 'list-labels',
      title: 'List labels',
      description:
        "The organization's labels, by name. Put them on tasks with create-task or update-task labels; filter list-tasks with label.",
      input: z.strictObject({}),
      output: z.object({ items: z.array(z.object({ name: z.string(), color: z.string() })) }),
      readOnly: true,
    },
    async (_args, call) => ({
      items: (await listLabels(call.services.db, call.caller.acting)).map((row) => ({
        name: row.name,
        color: row.color,
      })),
    }),
  );
}
