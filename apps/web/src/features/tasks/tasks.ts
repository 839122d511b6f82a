import type { TypedApi } from '@switchboard/api-client';
import type { CreateComment, CreateTask, MoveTask, Task, UpdateTask } from '@switchboard/api-client/contract';
import { queryOptions } from '@tanstack/react-query';
import { retryUnlessClientError } from '../../lib/api';

/**
 * Every task query sits under `tasks`. A project's board holds all its tasks (filters apply on the
 * page, so a realtime event patches exactly one list); a task's detail is keyed by the reference in
 * the URL (its key, SWB-12); comments by the task's id.
 */
export const taskKeys = {
  all: ['tasks'] as const,
  boards: () => ['tasks', 'board'] as const,
  board: (projectId: string) => ['tasks', 'board', projectId] as const,
  details: () => ['tasks', 'detail'] as const,
  detail: (reference: string) => ['tasks', 'detail', reference] as const,
  comments: (taskId: string) => ['tasks', 'comments', taskId] as const,
};

/** The API's largest page: a board of up to this many cards loads in one request. */
export const BOARD_PAGE_SIZE = 1000;

/** Every task of a project in board order, following the cursor through as many pages as there are. */
export async function fetchBoardTasks(
  api: TypedApi,
  projectId: string,
  signal?: AbortSignal,
): Promise<Task[]> {
  const tasks: Task[] = [];
  let cursor: string | undefined;
  do {
    const page = await api.tasks.list({ projectId, query: { limit: BOARD_PAGE_SIZE, cursor }, signal });
    tasks.push(...page.items);
    cursor = page.nextCursor;
  } while (cursor);
  return tasks;
}

export const boardTasksQueryOptions = (api: TypedApi, projectId: string) =>
  queryOptions({
    queryKey: taskKeys.board(projectId),
    queryFn: ({ signal }) => fetchBoardTasks(api, projectId, signal),
    retry: retryUnlessClientError,
  });

export function fetchTask(api: TypedApi, reference: string, signal?: AbortSignal): Promise<Task> {
  return api.tasks.get({ task: reference, signal });
}

/** One task by id or key; another organization's is a 404. */
export const taskQueryOptions = (api: TypedApi, reference: string) =>
  queryOptions({
    queryKey: taskKeys.detail(reference),
    queryFn: ({ signal }) => fetchTask(api, reference, signal),
    retry: retryUnlessClientError,
  });

export async function fetchComments(api: TypedApi, taskId: string, signal?: AbortSignal) {
  return (await api.comments.list({ task: taskId, signal })).items;
}

/** The task chat, oldest first. */
export const commentsQueryOptions = (api: TypedApi, taskId: string) =>
  queryOptions({
    queryKey: taskKeys.comments(taskId),
    queryFn: ({ signal }) => fetchComments(api, taskId, signal),
    retry: retryUnlessClientError,
  });

export function createTask(api: TypedApi, projectId: string, input: CreateTask): Promise<Task> {
  return api.tasks.create({ projectId, body: input });
}

export function updateTask(api: TypedApi, reference: string, input: UpdateTask): Promise<Task> {
  return api.tasks.update({ task: reference, body: input });
}

export function moveTask(api: TypedApi, reference: string, input: MoveTask): Promise<Task> {
  return api.tasks.move({ task: reference, body: input });
}

export function deleteTask(api: TypedApi, reference: string, version?: number) {
  return api.tasks.delete({ task: reference, query: { version } });
}

export function createComment(api: TypedApi, taskId: string, input: CreateComment) {
  return api.comments.create({ task: taskId, body: input });
}

/** Checked and total acceptance criteria. */
export function criteriaProgress(task: Pick<Task, 'acceptanceCriteria'>): { checked: number; total: number } {
  const total = task.acceptanceCriteria.length;
  const checked = task.acceptanceCriteria.filter((criterion) => criterion.checked).length;
  return { checked, total };
}
