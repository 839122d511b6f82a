import { type Task, updateTaskSchema } from '@switchboard/api-client/contract';
import { fieldErrorsFrom } from '../../lib/api';
import type { TaskChanges, TaskEdit } from './task-edits';

/** Checks one field with the contract's update schema; the message for it, or undefined. */
export function checkField(task: Task, changes: TaskChanges): string | undefined {
  const parsed = updateTaskSchema.safeParse({ version: task.version, ...changes });
  if (parsed.success) return undefined;
  const errors = fieldErrorsFrom(parsed.error);
  return Object.values(errors)[0];
}

/** What an edit would change on the task as shown, checked like checkField. */
export function checkEdit(task: Task, edit: TaskEdit): string | undefined {
  const outcome = edit(task);
  return 'changes' in outcome ? checkField(task, outcome.changes) : undefined;
}
