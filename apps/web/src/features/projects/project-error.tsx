import { EmptyState } from '../../components/empty-state';
import { ErrorView } from '../../components/error-view';
import { FolderIcon } from '../../components/icons';
import { isNotFound } from '../../lib/api';
import { ProjectsListLink } from './projects-list-link';

/** Another organization's project, or a deleted one, is simply not there (never "forbidden"). */
export function ProjectError(props: { error: unknown }) {
  if (!isNotFound(props.error)) return <ErrorView error={props.error} />;
  return (
    <EmptyState icon={FolderIcon} title="Project not found" action={<ProjectsListLink />}>
      It was deleted, or it belongs to another organization. Switch organizations if you expected to see it.
    </EmptyState>
  );
}
