import { describe, expect, it } from 'vitest';
import { sendWithKey } from '../testing/agents';
import type { Person } from '../testing/auth-agent';
import { ROLES, useOrganizationFixture } from '../testing/organization-fixture';
import type { Json } from '../testing/projects';

const fixture = useOrganizationFixture({ agentKey: true });
const { call } = fixture;

const ok = async (person: Person, method: string, path: string, body?: unknown): Promise<Json> => {
  const answer = await call(person, method, path, body);
  expect(answer.status, JSON.stringify(answer.body)).toBeLessThan(300);
  return answer.body;
};

const newComment = async (author: Person, body = 'a first thought') => {
  const task = await ok(fixture.owner, 'POST', `/api/v1/projects/${fixture.project.id}/tasks`, {
    title: 'Talk',
  });
  const comment = await ok(author, 'POST', `/api/v1/tasks/${task.key}/comments`, { body });
  return { task, comment };
};

describe('editing a comment', () => {
  it.each(ROLES)('the %s who wrote it changes it: (edited), a new version, an event', async (role) => {
    const { owner, member, [role]: author } = fixture;
    const { task, comment } = await newComment(author);
    expect(comment).toMatchObject({ version: 1, editedAt: null });
    const edited = await ok(author, 'PATCH', `/api/v1/comments/${comment.id}`, {
      body: 'a better thought',
      version: 1,
    });
    expect(edited).toMatchObject({ id: comment.id, body: 'a better thought', version: 2 });
    expect(edited.editedAt).toEqual(expect.any(String));
    const thread = await ok(member, 'GET', `/api/v1/tasks/${task.key}/comments`);
    expect(thread.items).toEqual([edited]);
    const log = await ok(owner, 'GET', `/api/v1/activity?entityId=${comment.id}`);
    expect(log.items[0]).toMatchObject({
      action: 'comment.updated',
      data: { taskId: task.id, taskKey: task.key, comment: edited },
    });
  });

  it.each(ROLES)('the %s cannot change what someone else wrote (403)', async (role) => {
    const { admin, member, [role]: person } = fixture;
    const author = person === member ? admin : member;
    const { comment } = await newComment(author);
    const answer = await call(person, 'PATCH', `/api/v1/comments/${comment.id}`, { body: 'mine now' });
    expect(answer.status).toBe(403);
    expect(answer.body.error.code).toBe('FORBIDDEN');
  });

  it('an agent’s comment cannot be edited or deleted by people', async () => {
    const { server, agentKey, owner } = fixture;
    const { task } = await newComment(owner);
    const written = await sendWithKey(server, agentKey, 'POST', `/api/v1/tasks/${task.key}/comments`, {
      body: 'agent notes',
    });
    const patch = await call(owner, 'PATCH', `/api/v1/comments/${written.body.id}`, { body: 'edited' });
    expect(patch.status).toBe(403);
    expect(patch.body.error.message).toMatch(/agent/);
    expect((await call(owner, 'DELETE', `/api/v1/comments/${written.body.id}`)).status).toBe(403);
  });

  it('an outsider gets 404 for a comment of another organization, and an unknown id is 404', async () => {
    const { owner, outsider } = fixture;
    const { comment } = await newComment(owner);
    for (const method of ['PATCH', 'DELETE']) {
      const answer = await call(
        outsider,
        method,
        `/api/v1/comments/${comment.id}`,
        method === 'PATCH' ? { body: 'x' } : undefined,
      );
      expect(answer.status).toBe(404);
      expect(answer.body.error.code).toBe('NOT_FOUND');
    }
    expect((await call(owner, 'PATCH', '/api/v1/comments/nope', { body: 'x' })).status).toBe(404);
  });

  it('a stale version is a conflict with the current one', async () => {
    const { member } = fixture;
    const { comment } = await newComment(member);
    await ok(member, 'PATCH', `/api/v1/comments/${comment.id}`, { body: 'second', version: 1 });
    const stale = await call(member, 'PATCH', `/api/v1/comments/${comment.id}`, {
      body: 'third',
      version: 1,
    });
    expect(stale.status).toBe(409);
    expect(stale.body.error).toMatchObject({ code: 'VERSION_CONFLICT', details: { currentVersion: 2 } });
    const staleDelete = await call(member, 'DELETE', `/api/v1/comments/${comment.id}?version=1`);
    expect(staleDelete.status).toBe(409);
  });

  it('refuses an empty body and unknown fields with field errors', async () => {
    const { member } = fixture;
    const { comment } = await newComment(member);
    const empty = await call(member, 'PATCH', `/api/v1/comments/${comment.id}`, { body: '   ' });
    expect(empty.status).toBe(400);
    expect(empty.body.error.details).toEqual(
      expect.arrayContaining([expect.objectContaining({ path: ['body'] })]),
    );
    const extra = await call(member, 'PATCH', `/api/v1/comments/${comment.id}`, { body: 'ok', pinned: true });
    expect(extra.status).toBe(400);
  });
});

describe('deleting a comment', () => {
  it.each(ROLES)('the %s who wrote it deletes it; the log keeps that it happened', async (role) => {
    const { owner, [role]: author } = fixture;
    const { task, comment } = await newComment(author, 'regrettable');
    const answer = await ok(author, 'DELETE', `/api/v1/comments/${comment.id}?version=1`);
    expect(answer).toEqual({ deleted: { id: comment.id, taskId: task.id, taskKey: task.key } });
    expect((await ok(owner, 'GET', `/api/v1/tasks/${task.key}/comments`)).items).toEqual([]);
    const log = await ok(owner, 'GET', `/api/v1/activity?entityId=${comment.id}`);
    expect(log.items.map((entry: Json) => entry.action)).toEqual(['comment.deleted', 'comment.created']);
    expect(JSON.stringify(log.items[0].data)).not.toContain('regrettable');
    expect((await call(author, 'DELETE', `/api/v1/comments/${comment.id}`)).status).toBe(404);
  });

  it.each(ROLES)('the %s cannot delete what someone else wrote (403)', async (role) => {
    const { admin, member, [role]: person } = fixture;
    const author = person === member ? admin : member;
    const { comment } = await newComment(author);
    const answer = await call(person, 'DELETE', `/api/v1/comments/${comment.id}`);
    expect(answer.status).toBe(403);
    expect(answer.body.error.code).toBe('FORBIDDEN');
  });

  it('takes the mentions it made out of the inbox', async () => {
    const { owner, member } = fixture;
    const handle = `@${member.user.email.split('@')[0]}`;
    const { comment } = await newComment(owner, `${handle} see this`);
    const inbox = async () =>
      (await ok(member, 'GET', '/api/v1/notifications')).items.filter(
        (entry: Json) => entry.commentId === comment.id,
      );
    expect(await inbox()).toHaveLength(1);
    await ok(owner, 'DELETE', `/api/v1/comments/${comment.id}`);
    expect(await inbox()).toHaveLength(0);
  });
});
