import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Person, signUp } from '../testing/auth-agent';
import { A_MONTH_MS, movableClock, onMovedClock } from '../testing/clock';
import { startTestServer, type TestServer } from '../testing/harness';
import { createProject, type Json, send, type TestProject } from '../testing/projects';
import { createTestRuleSet } from '../testing/rule-sets';
import { createTestTemplate } from '../testing/templates';

/*
 * A change happens at the time its clock gives: the rows it makes and changes record that time, not
 * the database's. The server here runs a month ahead of the system clock, so a row stamped by the
 * database instead would be a month early.
 */

const clock = movableClock();
let server: TestServer;
let ada: Person;
let project: TestProject;

beforeAll(async () => {
  server = await startTestServer({ start: { clock } });
  ada = await signUp(server, 'Ada');
  clock.advance(A_MONTH_MS);
  project = await createProject(server, ada, 'TIME');
});

afterAll(async () => {
  await server.close();
});

async function call(method: string, path: string, body?: unknown): Promise<Json> {
  const reply = await send(server, ada, method, path, body);
  if (reply.status >= 300)
    throw new Error(`${method} ${path}: ${reply.status} ${JSON.stringify(reply.body)}`);
  return reply.body;
}

describe('rows carry the time of the change that wrote them', () => {
  it('a work unit made, edited and deleted', async () => {
    const parent = await call('POST', `/api/v1/projects/${project.id}/work-units`, { title: 'Parent' });
    expect([onMovedClock(parent.createdAt), onMovedClock(parent.updatedAt)]).toEqual([true, true]);
    const child = await call('POST', `/api/v1/projects/${project.id}/work-units`, {
      title: 'Child',
      parentWorkUnitId: parent.id,
    });
    const edited = await call('PATCH', `/api/v1/work-units/${parent.slug}`, {
      version: parent.version,
      title: 'Parent, renamed',
    });
    expect(onMovedClock(edited.updatedAt)).toBe(true);
    await call('DELETE', `/api/v1/work-units/${parent.slug}?confirm=true`);
    const movedUp = await call('GET', `/api/v1/work-units/${child.slug}`);
    expect([movedUp.parentWorkUnitId, onMovedClock(movedUp.updatedAt)]).toEqual([null, true]);
  });

  it('a project, its task and a comment on it', async () => {
    const made = await call('GET', `/api/v1/projects/${project.id}`);
    expect(onMovedClock(made.createdAt)).toBe(true);
    const task = await call('POST', `/api/v1/projects/${project.id}/tasks`, { title: 'Timed' });
    expect([onMovedClock(task.createdAt), onMovedClock(task.updatedAt)]).toEqual([true, true]);
    const comment = await call('POST', `/api/v1/tasks/${task.key}/comments`, { body: 'Noted.' });
    expect(onMovedClock(comment.createdAt)).toBe(true);
  });

  it('a label, a template, a rule set and a plan', async () => {
    const label = await call('POST', '/api/v1/labels', { name: 'Timed' });
    const template = await createTestTemplate(server, ada, 'timed');
    const ruleSet = await createTestRuleSet(server, ada, 'timed');
    const plan = await call('POST', `/api/v1/projects/${project.id}/plans`, {
      title: 'Timed plan',
      outline: ['## Work', '- A task'].join('\n'),
    });
    expect([label, template, ruleSet, plan].map((row) => onMovedClock(row.createdAt))).toEqual([
      true,
      true,
      true,
      true,
    ]);
  });
});
