import { Link } from '@tanstack/react-router';
import { UserText } from '../../components/ui/user-text';

/** A task named by its key (in monospace) and title, leading to its page. */
export function TaskLink({
  projectId,
  task,
  className,
}: {
  projectId: string;
  task: { key: string; title: string };
  className?: string;
}) {
  return (
    <Link
      to="/dashboard/projects/$projectId/tasks/$taskKey"
      params={{ projectId, taskKey: task.key }}
      className={className}
    >
      <span className="font-mono">{task.key}</span> <UserText>{task.title}</UserText>
    </Link>
  );
}
