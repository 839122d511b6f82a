import { estimateSchema, mcpDueDateArgument } from '@switchboard/api-client/contract';
import * as z from 'zod';
import { AppError } from '../../../domain/errors';
import { memberIdByEmail, personOf } from '../../../domain/people/assignees';
import { labelsByNames } from '../../../domain/tasks/labels';
import type { ToolCall } from '../../tooling';

/** Shorter in the listing than the REST contract's version (an integer with its bounds); a wrong one conflicts. */
export const versionArgument = z.number().min(1).optional().describe('Version you read; omit = current');

/**
 * A person as agents name them: a member's e-mail, exact but in any case. No e-mail format in the
 * schema: every session's tool list carries it, and the lookup refuses anything but a member's address.
 */
export const assigneeUserArgument = z.string().trim().describe('Member e-mail; clears assignee');

/** A due date and an estimate as the task tools take them (their checks are the REST contract's). */
export const schedulingArguments = {
  dueDate: mcpDueDateArgument.nullable().optional(),
  estimate: estimateSchema.nullable().optional(),
};

/** The person an e-mail names, as the user id a task write takes; anyone else is refused by name. */
export async function assigneeUserIdOf(call: ToolCall, email: string | null | undefined) {
  if (email === undefined || email === null) return email;
  return memberIdByEmail(call.services.db, call.caller.acting, email, 'assigneeUser');
}

/** The person an agent works for: the member who made its API key. */
export async function myselfOf(call: ToolCall): Promise<string> {
  const person = await personOf(call.services.db, call.caller.acting);
  if (!person)
    throw new AppError(
      'VALIDATION_FAILED',
      'assigneeUser: me means the person you work for, and this session acts for none.',
    );
  return person;
}

/** Label names as agents write them, as the ids a task write takes; an unknown name lists the real ones. */
export async function labelIdsOf(call: ToolCall, names: readonly string[]): Promise<string[]> {
  return (await labelsByNames(call.services.db, call.caller.acting, names)).map((row) => row.id);
}
