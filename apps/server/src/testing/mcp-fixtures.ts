import { createAgentProfile, createApiKey } from './agents';
import { type Person, signUp } from './auth-agent';
import type { TestServer } from './harness';
import { sessionOf } from './organizations';
import { createProject, type TestProject } from './projects';

/** Test setup for MCP: a person's organization with a project, agent profiles and one API key per agent. */
export interface Workspace {
  person: Person;
  organizationId: string;
  project: TestProject;
  /** API keys by agent name. */
  keys: Record<string, { id: string; key: string }>;
}

export async function workspace(
  server: TestServer,
  owner: string,
  projectKey: string,
  agents: readonly string[],
): Promise<Workspace> {
  const person = await signUp(server, owner);
  const organizationId = (await sessionOf(person))?.session.activeOrganizationId;
  if (!organizationId) throw new Error(`${owner} has no active organization`);
  const project = await createProject(server, person, projectKey);
  const keys: Workspace['keys'] = {};
  for (const name of agents) {
    await createAgentProfile(server, person, name);
    const created = await createApiKey(person, { name: `${name} key`, agentName: name });
    keys[name] = { id: created.id, key: created.key };
  }
  return { person, organizationId, project, keys };
}

/** The key of an agent, failing loudly when the fixture has none. */
export function keyOf(space: Workspace, agent: string): string {
  const entry = space.keys[agent];
  if (!entry) throw new Error(`no key for ${agent}`);
  return entry.key;
}
