import type { AgentSession, ProjectWithCounts, Question } from '@switchboard/api-client/contract';
import { StackList } from '../../components/ui/stack-list';
import { openQuestionOf } from '../questions/questions';
import { SessionCard } from './session-card';

/**
 * A list of session cards, each with its project's name when the projects are known, and the open
 * question of a session awaiting input when the questions are.
 */
export function SessionList({
  label,
  sessions,
  projectsById,
  openQuestions,
  now,
}: {
  label: string;
  sessions: readonly AgentSession[];
  projectsById: ReadonlyMap<string, Pick<ProjectWithCounts, 'id' | 'key' | 'name'>>;
  openQuestions: readonly Question[] | undefined;
  now: number;
}) {
  return (
    <StackList label={label}>
      {sessions.map((session) => (
        <SessionCard
          key={session.id}
          session={session}
          project={session.projectId ? projectsById.get(session.projectId) : undefined}
          question={
            session.status === 'awaiting_input' ? openQuestionOf(openQuestions, session.id) : undefined
          }
          now={now}
        />
      ))}
    </StackList>
  );
}
