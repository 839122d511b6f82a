import { describe, expect, it } from 'vitest';
import { sendWithKey } from '../testing/agents';
import { ROLES, useOrganizationFixture } from '../testing/organization-fixture';
import { createProject, createTask } from '../testing/projects';

// Claiming over REST is what `switchboard work` does before it makes a worktree: the same claim the
// MCP claim-task and next-task take, held by the caller's agent (a key) or the person (a session).
// Dialect-sensitive: two callers asking for the next task at once race for the same rows.

const fixture = useOrganizationFixture({ agentKey: true });
const { call } = fixture;

let projects = 0;
const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
/** A project of its own per test (CLAA, CLAB …), so each starts from an empty board. */
const freshProject = () => {
  const number = projects++;
  return createProject(
    fixture.server,
    fixture.owner,
    `CL${LETTERS[Math.floor(number / 26) % 26]}${LETTERS[number % 26]}`,
  );
};

describe('POST /tasks/{task}/claim', () => {
  it.each(ROLES)('%s claims a task as themself, and renewing their own claim succeeds', async (role) => {
    const project = await freshProject();
    const task = await createTask(fixture.server, fixture.owner, project, `Claimed by ${role}`);
    const person = fixture[role];
    const first = await call(person, 'POST', `/api/v1/tasks/${task.key}/claim`);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.claim).toMatchObject({ agentName: person.user.name });
    const again = await call(person, 'POST', `/api/v1/tasks/${task.id}/claim`);
    expect(again.status).toBe(200);
    expect(again.body.claim.agentName).toBe(person.user.name);
  });

  it("an agent's key claims for its agent; anyone else is refused with TASK_CLAIMED and the holder", async () => {
    const project = await freshProject();
    const task = await createTask(fixture.server, fixture.owner, project, 'Wanted by two');
    const byAgent = await sendWithKey(
      fixture.server,
      fixture.agentKey,
      'POST',
      `/api/v1/tasks/${task.key}/claim`,
    );
    expect(byAgent.status, JSON.stringify(byAgent.body)).toBe(200);
    expect(byAgent.body.claim.agentName).toBe('backend-dev');
    const byPerson = await call(fixture.member, 'POST', `/api/v1/tasks/${task.key}/claim`);
    expect(byPerson.status).toBe(409);
    expect(byPerson.body.error).toMatchObject({
      code: 'TASK_CLAIMED',
      details: { key: task.key, holder: { agentName: 'backend-dev' } },
    });
  });

  it('a task of another organization, or none, is not found', async () => {
    const outside = await createTask(fixture.server, fixture.outsider, fixture.outsiderProject, 'Not yours');
    const foreign = await call(fixture.owner, 'POST', `/api/v1/tasks/${outside.key}/claim`);
    expect(foreign.status).toBe(404);
    expect(foreign.body.error.code).toBe('TASK_NOT_FOUND');
    const inside = await createTask(fixture.server, fixture.owner, fixture.project, 'Ours');
    const fromOutside = await call(fixture.outsider, 'POST', `/api/v1/tasks/${inside.key}/claim`);
    expect(fromOutside.status).toBe(404);
    const missing = await call(fixture.owner, 'POST', '/api/v1/tasks/SWB-99999/claim');
    expect(missing.status).toBe(404);
  });
});

describe('POST /tasks/{task}/release', () => {
  it.each(ROLES)('%s gives back their own claim, and releasing again changes nothing', async (role) => {
    const project = await freshProject();
    const task = await createTask(fixture.server, fixture.owner, project, `Released by ${role}`);
    const person = fixture[role];
    expect((await call(person, 'POST', `/api/v1/tasks/${task.key}/claim`)).status).toBe(200);
    const released = await call(person, 'POST', `/api/v1/tasks/${task.key}/release`);
    expect(released.status, JSON.stringify(released.body)).toBe(200);
    expect(released.body).toMatchObject({ released: true, task: { key: task.key, claim: null } });
    const again = await call(person, 'POST', `/api/v1/tasks/${task.key}/release`);
    expect(again.body).toMatchObject({ released: false, task: { claim: null } });
  });

  it("refuses to give back another agent's claim, and hides other organizations' tasks", async () => {
    const project = await freshProject();
    const task = await createTask(fixture.server, fixture.owner, project, 'Held by the agent');
    const path = `/api/v1/tasks/${task.key}`;
    expect((await sendWithKey(fixture.server, fixture.agentKey, 'POST', `${path}/claim`)).status).toBe(200);
    const refused = await call(fixture.admin, 'POST', `${path}/release`);
    expect(refused.status).toBe(409);
    expect(refused.body.error.code).toBe('TASK_CLAIMED');
    const fromOutside = await call(fixture.outsider, 'POST', `${path}/release`);
    expect(fromOutside.status).toBe(404);
    expect(fromOutside.body.error.code).toBe('TASK_NOT_FOUND');
    const byAgent = await sendWithKey(fixture.server, fixture.agentKey, 'POST', `${path}/release`);
    expect(byAgent.body).toMatchObject({ released: true, task: { claim: null } });
  });
});

describe('POST /projects/{projectId}/next-task', () => {
  it.each(ROLES)(
    '%s is given the best ready task, claimed, then the same one again to resume',
    async (role) => {
      const project = await freshProject();
      await createTask(fixture.server, fixture.owner, project, 'Later', { priority: 'low' });
      const urgent = await createTask(fixture.server, fixture.owner, project, 'Urgent', { priority: 'high' });
      const person = fixture[role];
      const next = await call(person, 'POST', `/api/v1/projects/${project.id}/next-task`);
      expect(next.status, JSON.stringify(next.body)).toBe(200);
      expect(next.body).toMatchObject({ resumed: false, task: { key: urgent.key } });
      expect(next.body.task.claim.agentName).toBe(person.user.name);
      const resumed = await call(person, 'POST', `/api/v1/projects/${project.id}/next-task`);
      expect(resumed.body).toMatchObject({ resumed: true, task: { key: urgent.key } });
    },
  );

  it('two callers get two different tasks, and null once none is ready', async () => {
    const project = await freshProject();
    await createTask(fixture.server, fixture.owner, project, 'One');
    await createTask(fixture.server, fixture.owner, project, 'Two');
    const path = `/api/v1/projects/${project.id}/next-task`;
    const [agent, person] = await Promise.all([
      sendWithKey(fixture.server, fixture.agentKey, 'POST', path),
      call(fixture.member, 'POST', path),
    ]);
    expect(agent.status).toBe(200);
    expect(person.status).toBe(200);
    expect(agent.body.task.key).not.toBe(person.body.task.key);
    const none = await call(fixture.admin, 'POST', path);
    expect(none.status).toBe(200);
    expect(none.body).toEqual({ task: null, resumed: false });
  });

  it("another organization's project is not found", async () => {
    const answer = await call(
      fixture.owner,
      'POST',
      `/api/v1/projects/${fixture.outsiderProject.id}/next-task`,
    );
    expect(answer.status).toBe(404);
    expect(answer.body.error.code).toBe('PROJECT_NOT_FOUND');
    const fromOutside = await call(
      fixture.outsider,
      'POST',
      `/api/v1/projects/${fixture.project.id}/next-task`,
    );
    expect(fromOutside.status).toBe(404);
  });
});
