import type { AgentSession, ProjectWithCounts } from '@switchboard/api-client/contract';
import { StackList } from '../ui/stack-list';
import { SessionCard } from './session-card';

/** A list of session cards, each with its project's name when the projects are known. */
export function SessionList({
  label,
  sessions,
  projectsById,
  now,
}: {
  label: string;
  sessions: readonly AgentSession[];
  projectsById: ReadonlyMap<string, Pick<ProjectWithCounts, 'id' | 'key' | 'name'>>;
  now: number;
}) {
  return (
    <StackList label={label}>
      {sessions.map((session) => (
        <SessionCard
          key={session.id}
          session={session}
          project={session.projectId ? projectsById.get(session.projectId) : undefined}
          now={now}
        />
      ))}
    </StackList>
  );
}
