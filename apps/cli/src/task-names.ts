import type { TypedApi } from '@switchboard/api-client';
import type { AgentSession, Task } from '@switchboard/api-client/contract';
import { ApiError } from '@switchboard/api-client/errors';

/** What people call the tasks and agents a task points at by id: blockers by key, the claim by agent. */
export interface TaskNames {
  /** SWB-3 for each blocker; the id only for one that cannot be read (deleted since). */
  blockerKeys(task: Pick<Task, 'blockedBy'>): string[];
  /** The agent holding the claim, by name; null when nobody holds it. */
  claimHolder(task: Pick<Task, 'claim'>): string | null;
}

/**
 * Looks up the names `tasks` need, reading only what they do not carry: blockers outside the list
 * (one read each, together) and, for a claim that names only its session, the sessions list once.
 */
export async function resolveTaskNames(api: TypedApi, tasks: readonly Task[]): Promise<TaskNames> {
  const keys = new Map(tasks.map((task) => [task.id, task.key]));
  const missing = [...new Set(tasks.flatMap((task) => task.blockedBy))].filter((id) => !keys.has(id));
  const needsSessions = tasks.some((task) => task.claim && !task.claim.agentName);
  const [found, sessions] = await Promise.all([
    Promise.all(missing.map((id) => readKey(api, id))),
    needsSessions ? readSessions(api) : Promise.resolve([]),
  ]);
  for (const [index, id] of missing.entries()) {
    const key = found[index];
    if (key) keys.set(id, key);
  }
  const sessionAgents = new Map(sessions.map((session) => [session.id, session.agentName]));
  return {
    blockerKeys: (task) => task.blockedBy.map((id) => keys.get(id) ?? id),
    claimHolder: (task) => {
      if (!task.claim) return null;
      return (
        task.claim.agentName ?? sessionAgents.get(task.claim.by) ?? `an agent (session ${task.claim.by})`
      );
    },
  };
}

/** A blocker's key; undefined when it is gone or out of reach, so its id is shown instead. */
async function readKey(api: TypedApi, id: string): Promise<string | undefined> {
  try {
    return (await api.tasks.get({ task: id })).key;
  } catch (error) {
    if (error instanceof ApiError && error.status < 500) return undefined;
    throw error;
  }
}

/** The sessions list names the agent of each session; without it a claim still shows, by session. */
async function readSessions(api: TypedApi): Promise<AgentSession[]> {
  try {
    return (await api.agentSessions.list({ query: { limit: 500 } })).items;
  } catch (error) {
    if (error instanceof ApiError && error.status < 500) return [];
    throw error;
  }
}
