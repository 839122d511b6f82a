import { idSchema } from '@switchboard/api-client/contract';
import * as z from 'zod';
import { agentNamesOf } from '../../domain/agents';
import { findProject, projectContents, toProject } from '../../domain/projects';
import { projectUsage } from '../../domain/usage';
import { projectSentence } from '../describe';
import { statusesOf } from '../lookup';
import { defineTool, type ToolKit } from '../tooling';

export const projectArgument = idSchema
  .describe("Project id or key (SWB); omitted = this session's project")
  .optional();

/** projects: get-project (what the project is, its statuses, its agents and totals). */
export function registerProjectTools(kit: ToolKit): void {
  defineTool(
    kit,
    {
      name: 'get-project',
      title: 'Get project',
      description: `The project with its statuses (board columns), how many work units and tasks it holds, token and cost totals, and the organisation's agent names. ${projectSentence(kit.facts)}`,
      input: z.strictObject({ project: projectArgument }),
      readOnly: true,
    },
    async ({ project }, call) => {
      const ref = await call.project(project);
      const row = await findProject(call.db, call.caller.acting, ref.id);
      const [statuses, contents, usage, agents] = await Promise.all([
        statusesOf(call.db, row.id),
        projectContents(call.db, row.id),
        projectUsage(call.db, call.caller.acting, row.id),
        agentNamesOf(call.db, row.organizationId),
      ]);
      return {
        ...toProject(row),
        statuses: statuses.map(({ id, name, category, position }) => ({ id, name, category, position })),
        contents,
        usage,
        agents,
      };
    },
  );
}
