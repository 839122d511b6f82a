import type { Comment, Task, WorkUnit, WorkUnitDetail } from '@switchboard/api-client/contract';
import { type InfiniteData, QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { makeComment, makeEvent, makeTask, makeWorkUnit } from '../../testing/api-fixtures';
import { type ActivityPage, activityKeys } from '../activity/activity';
import { projectKeys } from '../projects/projects';
import { taskKeys } from '../tasks/tasks';
import { workUnitKeys } from '../work-units/work-units';
import { applyChange, parseChangeEvent } from './realtime';

function client() {
  return new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: Number.POSITIVE_INFINITY } },
  });
}

const feed = (items: ActivityPage['items']): InfiniteData<ActivityPage, string | undefined> => ({
  pages: [{ items }],
  pageParams: [undefined],
});

describe('applyChange: tasks', () => {
  it('moves a card on the board and in an open detail, from the event alone', () => {
    const queryClient = client();
    const task = makeTask({ id: 't1', statusId: 'todo', version: 1 });
    queryClient.setQueryData(taskKeys.board('p1'), [task, makeTask({ id: 't2', number: 2 })]);
    queryClient.setQueryData(taskKeys.detail('SWB-1'), task);
    const moved = { ...task, statusId: 'done', position: 9, version: 2 };

    applyChange(
      queryClient,
      makeEvent({ id: '5', action: 'task.moved', entityId: 't1', data: { version: 2, task: moved } }),
    );

    expect(queryClient.getQueryData<Task[]>(taskKeys.board('p1'))?.[0]).toMatchObject({
      statusId: 'done',
      version: 2,
    });
    expect(queryClient.getQueryData<Task>(taskKeys.detail('SWB-1'))?.statusId).toBe('done');
  });

  it('shows a pull request GitHub linked on the card and the open task, at the same version', () => {
    const queryClient = client();
    const task = makeTask({ id: 't1', version: 3 });
    queryClient.setQueryData(taskKeys.board('p1'), [task]);
    queryClient.setQueryData(taskKeys.detail('SWB-1'), task);
    const pullRequest = {
      repository: 'acme/api',
      number: 12,
      url: 'https://github.com/acme/api/pull/12',
      title: 'SWB-1 Login',
      state: 'open' as const,
      checks: 'pending' as const,
      headSha: 'a1',
    };
    const linked = { ...task, development: { branches: [], pullRequests: [pullRequest] } };

    applyChange(
      queryClient,
      makeEvent({
        id: '6',
        action: 'task.development_changed',
        entityId: 't1',
        data: { version: 3, task: linked },
      }),
    );

    expect(queryClient.getQueryData<Task[]>(taskKeys.board('p1'))?.[0]?.development?.pullRequests).toEqual([
      pullRequest,
    ]);
    expect(queryClient.getQueryData<Task>(taskKeys.detail('SWB-1'))?.development?.pullRequests).toEqual([
      pullRequest,
    ]);
  });

  it('adds a created task and removes a deleted one', () => {
    const queryClient = client();
    queryClient.setQueryData(taskKeys.board('p1'), [makeTask({ id: 't1' })]);
    const created = makeTask({ id: 't2', number: 2 });
    applyChange(
      queryClient,
      makeEvent({ id: '1', action: 'task.created', entityId: 't2', data: { task: created } }),
    );
    expect(queryClient.getQueryData<Task[]>(taskKeys.board('p1'))?.map((task) => task.id)).toEqual([
      't1',
      't2',
    ]);

    applyChange(
      queryClient,
      makeEvent({ id: '2', action: 'task.deleted', entityId: 't1', data: { task: makeTask({ id: 't1' }) } }),
    );
    expect(queryClient.getQueryData<Task[]>(taskKeys.board('p1'))?.map((task) => task.id)).toEqual(['t2']);
  });

  it('never replaces a newer cached copy with an older event', () => {
    const queryClient = client();
    queryClient.setQueryData(taskKeys.board('p1'), [makeTask({ id: 't1', title: 'new', version: 3 })]);
    applyChange(
      queryClient,
      makeEvent({
        id: '1',
        action: 'task.updated',
        entityId: 't1',
        data: { task: makeTask({ id: 't1', title: 'old', version: 2 }) },
      }),
    );
    expect(queryClient.getQueryData<Task[]>(taskKeys.board('p1'))?.[0]?.title).toBe('new');
  });

  it('leaves other projects alone and marks derived data (progress, counts) stale', () => {
    const queryClient = client();
    queryClient.setQueryData(taskKeys.board('p2'), [makeTask({ id: 'x', projectId: 'p2' })]);
    queryClient.setQueryData(workUnitKeys.list('p1'), [makeWorkUnit({ id: 'wu1' })]);
    queryClient.setQueryData(projectKeys.list(), []);
    applyChange(
      queryClient,
      makeEvent({
        id: '1',
        action: 'task.moved',
        entityId: 't1',
        data: { task: makeTask({ id: 't1', workUnitId: 'wu1' }) },
      }),
    );
    expect(queryClient.getQueryData<Task[]>(taskKeys.board('p2'))).toHaveLength(1);
    expect(queryClient.getQueryState(workUnitKeys.list('p1'))?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(projectKeys.list())?.isInvalidated).toBe(true);
  });

  it('ignores an event whose body is not a task, leaving the board as it is', () => {
    const wellFormed = makeEvent({ id: '1', action: 'task.updated', entityId: 't1' });
    const message = JSON.stringify({ ...wellFormed, data: { ...wellFormed.data, task: { nope: 1 } } });
    expect(parseChangeEvent(message)).toBeUndefined();
    expect(parseChangeEvent(JSON.stringify({ ...wellFormed, action: 'task.exploded' }))).toBeUndefined();
  });
});

describe('applyChange: comments, work units, projects, activity', () => {
  it('appends a new comment once, even when the event is replayed', () => {
    const queryClient = client();
    queryClient.setQueryData<Comment[]>(taskKeys.comments('t1'), [makeComment({ id: 'c1', taskId: 't1' })]);
    const comment = makeComment({ id: 'c2', taskId: 't1', body: 'Hi' });
    const event = makeEvent({
      id: '3',
      action: 'comment.created',
      entity: 'comment',
      entityId: 'c2',
      data: { taskId: 't1', comment },
    });
    applyChange(queryClient, event);
    applyChange(queryClient, event);
    expect(queryClient.getQueryData<Comment[]>(taskKeys.comments('t1'))?.map((item) => item.id)).toEqual([
      'c1',
      'c2',
    ]);
  });

  it("upserts a work unit in the list and its open detail, keeping the detail's tasks", () => {
    const queryClient = client();
    const unit = makeWorkUnit({ id: 'wu1', version: 1 });
    queryClient.setQueryData<WorkUnit[]>(workUnitKeys.list('p1'), [unit]);
    queryClient.setQueryData<WorkUnitDetail>(workUnitKeys.detail('SWB-WU-1'), {
      ...unit,
      tasks: [makeTask({ id: 't1' })],
    });
    const updated = { ...unit, status: 'in_progress' as const, version: 2 };
    applyChange(
      queryClient,
      makeEvent({
        id: '4',
        action: 'work_unit.updated',
        entity: 'work_unit',
        entityId: 'wu1',
        data: { workUnit: updated, fields: ['status'] },
      }),
    );
    expect(queryClient.getQueryData<WorkUnit[]>(workUnitKeys.list('p1'))?.[0]?.status).toBe('in_progress');
    const detail = queryClient.getQueryData<WorkUnitDetail>(workUnitKeys.detail('SWB-WU-1'));
    expect(detail?.status).toBe('in_progress');
    expect(detail?.tasks).toHaveLength(1);

    applyChange(
      queryClient,
      makeEvent({
        id: '5',
        action: 'work_unit.deleted',
        entity: 'work_unit',
        entityId: 'wu1',
        data: { workUnit: updated },
      }),
    );
    expect(queryClient.getQueryData<WorkUnit[]>(workUnitKeys.list('p1'))).toEqual([]);
  });

  it('re-reads the project list on project events', () => {
    const queryClient = client();
    queryClient.setQueryData(projectKeys.list(), []);
    queryClient.setQueryData(projectKeys.statuses('p1'), []);
    applyChange(
      queryClient,
      makeEvent({ id: '1', action: 'project.updated', entity: 'project', entityId: 'p1' }),
    );
    expect(queryClient.getQueryState(projectKeys.list())?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(projectKeys.statuses('p1'))?.isInvalidated).toBe(false);
  });

  it('puts the event on top of the feeds it belongs to, once', () => {
    const queryClient = client();
    const old = makeEvent({ id: '1', action: 'task.created' });
    queryClient.setQueryData(activityKeys.feed({}), feed([old]));
    queryClient.setQueryData(activityKeys.feed({ projectId: 'p1' }), feed([old]));
    queryClient.setQueryData(activityKeys.feed({ projectId: 'p2' }), feed([]));
    queryClient.setQueryData(activityKeys.feed({ entityId: 't9' }), feed([]));
    const event = makeEvent({ id: '2', action: 'task.updated', entityId: 't1' });
    applyChange(queryClient, event);
    applyChange(queryClient, event);
    const ids = (filter: object) =>
      queryClient
        .getQueryData<InfiniteData<ActivityPage>>(activityKeys.feed(filter))
        ?.pages.flatMap((page) => page.items.map((item) => item.id));
    expect(ids({})).toEqual(['2', '1']);
    expect(ids({ projectId: 'p1' })).toEqual(['2', '1']);
    expect(ids({ projectId: 'p2' })).toEqual([]);
    expect(ids({ entityId: 't9' })).toEqual([]);
  });

  it('parses only well-formed change messages', () => {
    expect(parseChangeEvent('not json')).toBeUndefined();
    expect(parseChangeEvent('{"id":1}')).toBeUndefined();
    expect(parseChangeEvent(JSON.stringify(makeEvent({ id: '7', action: 'task.created' })))?.id).toBe('7');
  });
});

// ── The connection, with a stand-in for the browser's EventSource ──
