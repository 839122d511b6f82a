import {
  mcpProjectArgument,
  mcpProjectListSchema,
  projectContentsSchema,
  projectSchema,
  statusCategorySchema,
} from '@switchboard/api-client/contract';
import * as z from 'zod';
import { agentNamesOf } from '../../domain/agents/profiles';
import { projectUsage } from '../../domain/agents/usage';
import { findProject, projectsOf } from '../../domain/projects/lookup';
import { projectAnswer, projectContents } from '../../domain/projects/projects';
import { projectSentence } from '../describe';
import { defineTool, type ToolKit } from '../tooling';

const projectOutput = projectSchema.extend({
  statuses: z.array(
    z.object({ id: z.string(), name: z.string(), category: statusCategorySchema, position: z.number() }),
  ),
  contents: projectContentsSchema,
  usage: z.object({
    inputTokens: z.number(),
    outputTokens: z.number(),
    costUsd: z.number(),
    tasks: z.number(),
  }),
  agents: z.array(z.string()),
});

/** projects: list-projects (core), get-project (what the project is, its statuses, agents and totals). */
export function registerProjectTools(kit: ToolKit): void {
  defineTool(
    kit,
    {
      name: 'list-projects',
      title: 'List projects',
      description: "The organization's projects (key, name); current is this session's project.",
      input: z.strictObject({}),
      output: mcpProjectListSchema,
      core: true,
      readOnly: true,
    },
    async (_args, call) => {
      const projects = await projectsOf(call.services.db, call.caller.acting.organizationId);
      const current = projects.find((project) => project.id === call.session.projectId);
      return { items: projects, current: current?.key ?? null };
    },
  );

  defineTool(
    kit,
    {
      name: 'get-project',
      title: 'Get project',
      description: `The project with its statuses (board columns), how many work units and tasks it holds, token and cost totals, and the organization's agent names. ${projectSentence(kit.facts)}`,
      input: z.strictObject({ project: mcpProjectArgument.optional() }),
      output: projectOutput,
      readOnly: true,
    },
    async ({ project }, call) => {
      const ref = await call.project(project);
      const row = await findProject(call.services.db, call.caller.acting, ref.id);
      const [answer, statuses, contents, usage, agents] = await Promise.all([
        projectAnswer(call.services.db, row),
        call.statuses(row.id),
        projectContents(call.services.db, row.id),
        projectUsage(call.services.db, call.caller.acting, row.id),
        agentNamesOf(call.services.db, row.organizationId),
      ]);
      return {
        ...answer,
        statuses: statuses.map(({ id, name, category, position }) => ({ id, name, category, position })),
        contents,
        usage,
        agents,
      };
    },
  );
}
