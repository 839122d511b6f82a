import { useNavigate, useParams, useRouter } from '@tanstack/react-router';
import { commandPalette } from './palette-store';
import { quickCreateRequests } from './quick-create-request';
import type { Destination } from './search-groups';

/** The project whose board or task page is shown, if any. */
export function useCurrentProjectId(): string | undefined {
  return useParams({ strict: false, select: (params) => params.projectId });
}

/** Opens what a search result points at. */
export function useOpenDestination() {
  const navigate = useNavigate();
  return (destination: Destination) => {
    switch (destination.page) {
      case 'project':
        return navigate({
          to: '/dashboard/projects/$projectId',
          params: { projectId: destination.projectId },
        });
      case 'task':
        return navigate({
          to: '/dashboard/projects/$projectId/tasks/$taskKey',
          params: { projectId: destination.projectId, taskKey: destination.taskKey },
        });
      case 'work-unit':
        return navigate({
          to: '/dashboard/projects/$projectId',
          params: { projectId: destination.projectId },
          search: { workUnit: destination.workUnitId },
        });
      case 'members':
        return navigate({ to: '/dashboard/settings/organization/members' });
      case 'agents':
        return navigate({ to: '/dashboard/settings/organization/ai-agents' });
    }
  };
}

/** The dashboard's places the palette and the "g" shortcuts go to. */
export type Place = 'home' | 'projects' | 'my-work' | 'inbox' | 'settings';

const PLACE_PATHS: Record<Place, string> = {
  home: '/dashboard',
  projects: '/dashboard/projects',
  'my-work': '/dashboard/my-work',
  inbox: '/dashboard/inbox',
  settings: '/dashboard/settings',
};

export function useGoTo() {
  const router = useRouter();
  return (place: Place) => router.navigate({ href: PLACE_PATHS[place] });
}

/**
 * Create task: the quick create at the top of the project's first column, on its board (going there
 * from elsewhere). Without a project in view, the palette asks which one.
 */
export function useCreateTask() {
  const navigate = useNavigate();
  const currentProjectId = useCurrentProjectId();
  const boardShown = useParams({ strict: false, select: (params) => !('taskId' in params && params.taskId) });
  return (projectId: string | undefined = currentProjectId) => {
    if (!projectId) {
      commandPalette.open('create-in-project');
      return;
    }
    quickCreateRequests.request(projectId);
    if (!(boardShown && projectId === currentProjectId))
      void navigate({ to: '/dashboard/projects/$projectId', params: { projectId } });
  };
}
