import type { Task } from '@switchboard/api-client/contract';
import { PERSON_ASSIGNEE_PREFIX } from './tasks-filters';

/** Who a task is assigned to: an agent profile by name, a member by user id, or nobody (null). */
export type AssigneeValue = { agent: string } | { userId: string } | null;

export interface PersonChoice {
  userId: string;
  name: string;
  image?: string | null;
  email?: string;
}

export type AssigneeOptionKind = 'any' | 'none' | 'person' | 'agent';

export interface AssigneeOption {
  /** Unique among the options; also the DOM id suffix. */
  key: string;
  kind: AssigneeOptionKind;
  label: string;
  /** undefined only for "any" (a filter's "no filter"). */
  value: AssigneeValue | undefined;
  image?: string | null;
}

export interface AssigneeGroup {
  /** Shown above the group; absent for the leading "Any" / "Unassigned" choices. */
  heading?: 'People' | 'Agents';
  options: AssigneeOption[];
}

export interface AssigneeOptionsInput {
  people: readonly PersonChoice[];
  agents: readonly string[];
  /** What was typed: matches names, e-mails and agent names anywhere, in any case. */
  query?: string;
  /** The filter's "Any assignee" choice. */
  anyLabel?: string;
}

const matches = (needle: string, ...haystacks: (string | undefined)[]) =>
  haystacks.some((text) => text?.toLowerCase().includes(needle));

/** The picker's choices: Any / Unassigned first, then People, then Agents, each narrowed by the query. */
export function assigneeOptions({
  people,
  agents,
  query = '',
  anyLabel,
}: AssigneeOptionsInput): AssigneeGroup[] {
  const needle = query.trim().toLowerCase();
  const leading: AssigneeOption[] = [];
  if (anyLabel && matches(needle, anyLabel.toLowerCase()))
    leading.push({ key: 'any', kind: 'any', label: anyLabel, value: undefined });
  if (matches(needle, 'unassigned', 'nobody'))
    leading.push({ key: 'none', kind: 'none', label: 'Unassigned', value: null });
  const personOptions = people
    .filter((person) => matches(needle, person.name.toLowerCase(), person.email?.toLowerCase()))
    .map(
      (person): AssigneeOption => ({
        key: `person-${person.userId}`,
        kind: 'person',
        label: person.name,
        value: { userId: person.userId },
        image: person.image ?? null,
      }),
    );
  const agentOptions = [...agents]
    .sort((a, b) => a.localeCompare(b))
    .filter((name) => matches(needle, name.toLowerCase()))
    .map(
      (name): AssigneeOption => ({
        key: `agent-${name}`,
        kind: 'agent',
        label: name,
        value: { agent: name },
      }),
    );
  const groups: AssigneeGroup[] = [];
  if (leading.length) groups.push({ options: leading });
  if (personOptions.length) groups.push({ heading: 'People', options: personOptions });
  if (agentOptions.length) groups.push({ heading: 'Agents', options: agentOptions });
  return groups;
}

/** Whether two assignees are the same (agent names compare in any case, as the API does). */
export function sameAssignee(a: AssigneeValue | undefined, b: AssigneeValue | undefined): boolean {
  if (a === undefined || b === undefined) return a === b;
  if (a === null || b === null) return a === b;
  if ('agent' in a && 'agent' in b) return a.agent.toLowerCase() === b.agent.toLowerCase();
  if ('userId' in a && 'userId' in b) return a.userId === b.userId;
  return false;
}

/** A task's one assignee. */
export function assigneeOfTask(task: Pick<Task, 'assignee' | 'assigneeUser'>): AssigneeValue {
  if (task.assigneeUser) return { userId: task.assigneeUser.id };
  if (task.assignee) return { agent: task.assignee };
  return null;
}

/** The fields a task write takes for an assignee: naming one kind clears the other. */
export function assigneeFields(value: AssigneeValue): {
  assignee: string | null;
  assigneeUserId: string | null;
} {
  if (value === null) return { assignee: null, assigneeUserId: null };
  if ('agent' in value) return { assignee: value.agent, assigneeUserId: null };
  return { assignee: null, assigneeUserId: value.userId };
}

/** An assignee as the board's `assignee` search param: an agent name, `user:<id>`, or `none`. */
export function assigneeToSearch(value: AssigneeValue | undefined, unassigned: string): string | undefined {
  if (value === undefined) return undefined;
  if (value === null) return unassigned;
  return 'agent' in value ? value.agent : `${PERSON_ASSIGNEE_PREFIX}${value.userId}`;
}

/** The board's `assignee` search param read back. */
export function assigneeFromSearch(text: string | undefined, unassigned: string): AssigneeValue | undefined {
  if (!text) return undefined;
  if (text === unassigned) return null;
  if (text.startsWith(PERSON_ASSIGNEE_PREFIX)) return { userId: text.slice(PERSON_ASSIGNEE_PREFIX.length) };
  return { agent: text };
}
