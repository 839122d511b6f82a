import type { ApiClient } from '@switchboard/api-client';
import {
  type Comment,
  type CreateComment,
  type CreateTask,
  commentSchema,
  type MoveTask,
  type Task,
  taskPageSchema,
  taskSchema,
  type UpdateTask,
} from '@switchboard/api-client/contract';
import { queryOptions } from '@tanstack/react-query';
import * as z from 'zod';
import { retryUnlessClientError } from './api';

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

const taskPath = (reference: string) => `/tasks/${encodeURIComponent(reference)}`;
const commentListSchema = z.object({ items: z.array(commentSchema) });

/** Every task of a project in board order, following the cursor through as many pages as there are. */
export async function fetchBoardTasks(
  api: ApiClient,
  projectId: string,
  signal?: AbortSignal,
): Promise<Task[]> {
  const tasks: Task[] = [];
  let cursor: string | undefined;
  do {
    const page = await api.get(`/projects/${encodeURIComponent(projectId)}/tasks`, {
      query: { limit: BOARD_PAGE_SIZE, cursor },
      schema: taskPageSchema,
      signal,
    });
    tasks.push(...page.items);
    cursor = page.nextCursor;
  } while (cursor);
  return tasks;
}

export const boardTasksQueryOptions = (api: ApiClient, projectId: string) =>
  queryOptions({
    queryKey: taskKeys.board(projectId),
    queryFn: ({ signal }) => fetchBoardTasks(api, projectId, signal),
    retry: retryUnlessClientError,
  });

export function fetchTask(api: ApiClient, reference: string, signal?: AbortSignal): Promise<Task> {
  return api.get(taskPath(reference), { schema: taskSchema, signal });
}

/** One task by id or key; another organisation's is a 404. */
export const taskQueryOptions = (api: ApiClient, reference: string) =>
  queryOptions({
    queryKey: taskKeys.detail(reference),
    queryFn: ({ signal }) => fetchTask(api, reference, signal),
    retry: retryUnlessClientError,
  });

export async function fetchComments(
  api: ApiClient,
  taskId: string,
  signal?: AbortSignal,
): Promise<Comment[]> {
  return (await api.get(`${taskPath(taskId)}/comments`, { schema: commentListSchema, signal })).items;
}

/** The task chat, oldest first. */
export const commentsQueryOptions = (api: ApiClient, taskId: string) =>
  queryOptions({
    queryKey: taskKeys.comments(taskId),
    queryFn: ({ signal }) => fetchComments(api, taskId, signal),
    retry: retryUnlessClientError,
  });

export function createTask(api: ApiClient, projectId: string, input: CreateTask): Promise<Task> {
  return api.post(`/projects/${encodeURIComponent(projectId)}/tasks`, { body: input, schema: taskSchema });
}

export function updateTask(api: ApiClient, reference: string, input: UpdateTask): Promise<Task> {
  return api.patch(taskPath(reference), { body: input, schema: taskSchema });
}

export function moveTask(api: ApiClient, reference: string, input: MoveTask): Promise<Task> {
  return api.post(`${taskPath(reference)}/move`, { body: input, schema: taskSchema });
}

export function deleteTask(api: ApiClient, reference: string, version?: number): Promise<unknown> {
  return api.delete(taskPath(reference), { query: { version } });
}

export function createComment(api: ApiClient, taskId: string, input: CreateComment): Promise<Comment> {
  return api.post(`${taskPath(taskId)}/comments`, { body: input, schema: commentSchema });
}

/** Checked and total acceptance criteria. */
export function criteriaProgress(task: Pick<Task, 'acceptanceCriteria'>): { checked: number; total: number } {
  const total = task.acceptanceCriteria.length;
  const checked = task.acceptanceCriteria.filter((criterion) => criterion.checked).length;
  return { checked, total };
}
