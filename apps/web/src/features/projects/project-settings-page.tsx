import { useSuspenseQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { UserText } from '../../components/ui/user-text';
import { useApi } from '../../hooks/use-api';
import { ProjectBreadcrumb } from './project-breadcrumb';
import { projectQueryOptions } from './projects';

/** A project's settings page: the way back to the project, the page's heading, and its panels. */
export function ProjectSettingsPage({
  projectId,
  title,
  children,
}: {
  projectId: string;
  title: string;
  children: ReactNode;
}) {
  const api = useApi();
  const { data: project } = useSuspenseQuery(projectQueryOptions(api, projectId));
  return (
    <div className="max-w-3xl">
      <ProjectBreadcrumb>
        <Link to="/dashboard/projects/$projectId" params={{ projectId }} className="hover:text-foreground">
          <UserText>{project.name}</UserText>
        </Link>
      </ProjectBreadcrumb>
      <h1 className="mb-5 text-xl font-semibold tracking-tight text-foreground">{title}</h1>
      {children}
    </div>
  );
}
