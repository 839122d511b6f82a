import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { Command } from 'cmdk';
import { toast } from 'sonner';
import { UserText } from '../../components/ui/user-text';
import { useOrganizationMembers } from '../../hooks/use-active-organization';
import { useApi } from '../../hooks/use-api';
import { useSwitchOrganization } from '../../hooks/use-switch-organization';
import { withoutBidiControls } from '../../lib/bidi';
import { describeOrganizationError } from '../../lib/error-messages';
import { activeOrganizationIdOf, organizationListQueryOptions } from '../../lib/organization';
import { sessionQueryOptions } from '../../lib/session';
import { taskSelection } from '../../lib/task-selection';
import { agentProfilesQueryOptions } from '../agents/agents';
import { LabelDot } from '../labels/label-chip';
import { projectListQueryOptions, statusesQueryOptions } from '../projects/projects';
import { taskQueryOptions } from '../tasks/tasks';
import { useLabels } from './labels-source';
import { useCreateTask } from './navigation';
import { matchesQuery } from './palette-actions';
import { PaletteItem } from './palette-item';
import { GROUP_CLASSES } from './root-page';
import { useTargetChanges } from './target-changes';

const dashboardRoute = getRouteApi('/dashboard');

interface PageProps {
  search: string;
  close: () => void;
}

function Loading({ what, loading }: { what: string; loading: boolean }) {
  return loading ? <Command.Loading label={`Loading ${what}`}>Loading {what}…</Command.Loading> : null;
}

/** The first targeted task: its project's statuses are the choices, and it marks its own as current. */
function useFirstTarget() {
  const api = useApi();
  const first = taskSelection.targets()[0];
  return useQuery({ ...taskQueryOptions(api, first ?? ''), enabled: Boolean(first) });
}

/** Move to…: the statuses of the targeted task's project, in board order. */
export function MovePage({ search, close }: PageProps) {
  const api = useApi();
  const task = useFirstTarget();
  const statuses = useQuery({
    ...statusesQueryOptions(api, task.data?.projectId ?? ''),
    enabled: Boolean(task.data),
  });
  const changes = useTargetChanges();
  const single = taskSelection.targets().length === 1;
  const shown = (statuses.data ?? []).filter((status) =>
    matchesQuery(status.name, [status.category], search),
  );
  return (
    <>
      <Loading what="statuses" loading={task.isPending || statuses.isPending} />
      <Command.Group heading="Statuses" className={GROUP_CLASSES}>
        {shown.map((status) => (
          <PaletteItem
            key={status.id}
            value={`status:${status.id}`}
            current={single && status.id === task.data?.statusId}
            onSelect={() => {
              close();
              void changes.moveTo(status.name);
            }}
          >
            <UserText>{status.name}</UserText>
          </PaletteItem>
        ))}
      </Command.Group>
    </>
  );
}

/** Assign to…: nobody, the organization's agents, its members. */
export function AssignPage({ search, close }: PageProps) {
  const api = useApi();
  const agents = useQuery(agentProfilesQueryOptions(api));
  const members = useOrganizationMembers();
  const changes = useTargetChanges();
  const shownAgents = (agents.data ?? []).filter((agent) =>
    matchesQuery(agent.name, [agent.description, 'agent'], search),
  );
  const shownMembers = members.filter((member) => matchesQuery(member.name, ['person', 'member'], search));
  return (
    <>
      <Loading what="agents" loading={agents.isPending} />
      {matchesQuery('Unassign', ['nobody', 'none', 'clear'], search) ? (
        <PaletteItem
          value="assign:nobody"
          onSelect={() => {
            close();
            void changes.assign(null, 'nobody');
          }}
        >
          Unassign
        </PaletteItem>
      ) : null}
      {shownAgents.length > 0 ? (
        <Command.Group heading="Agents" className={GROUP_CLASSES}>
          {shownAgents.map((agent) => (
            <PaletteItem
              key={agent.id}
              value={`assign:agent:${agent.name}`}
              detail={agent.description}
              onSelect={() => {
                close();
                void changes.assign({ agent: agent.name }, agent.name);
              }}
            >
              <UserText>{agent.name}</UserText>
            </PaletteItem>
          ))}
        </Command.Group>
      ) : null}
      {shownMembers.length > 0 ? (
        <Command.Group heading="People" className={GROUP_CLASSES}>
          {shownMembers.map((member) => (
            <PaletteItem
              key={member.userId}
              value={`assign:person:${member.userId}`}
              onSelect={() => {
                close();
                void changes.assign({ userId: member.userId }, member.name);
              }}
            >
              <UserText>{member.name}</UserText>
            </PaletteItem>
          ))}
        </Command.Group>
      ) : null}
    </>
  );
}

/** Add label…: the organization's labels; a task keeps the labels it has. */
export function LabelPage({ search, close }: PageProps) {
  const labels = useLabels(true);
  const changes = useTargetChanges();
  const shown = (labels.data ?? []).filter((label) => matchesQuery(label.name, [], search));
  return (
    <>
      <Loading what="labels" loading={labels.isPending} />
      <Command.Group heading="Labels" className={GROUP_CLASSES}>
        {shown.map((label) => (
          <PaletteItem
            key={label.id}
            value={`label:${label.id}`}
            onSelect={() => {
              close();
              void changes.update(
                (task) => ({
                  labelIds: [...new Set([...(task.labels ?? []).map((held) => held.id), label.id])],
                }),
                `Added label ${label.name} to`,
              );
            }}
          >
            <span className="flex items-center gap-2">
              <LabelDot color={label.color} size="md" />
              <UserText>{label.name}</UserText>
            </span>
          </PaletteItem>
        ))}
      </Command.Group>
    </>
  );
}

/** Switch organization…: every organization the person belongs to, the active one marked. */
export function OrganizationPage({ search, close }: PageProps) {
  const { authClient } = dashboardRoute.useRouteContext();
  const { data: session } = useSuspenseQuery(sessionQueryOptions(authClient));
  const activeId = activeOrganizationIdOf(session);
  const organizations = useQuery(organizationListQueryOptions(authClient));
  const switchOrganization = useSwitchOrganization();
  const shown = (organizations.data ?? []).filter((organization) =>
    matchesQuery(organization.name, [organization.slug], search),
  );
  return (
    <>
      <Loading what="organizations" loading={organizations.isPending} />
      <Command.Group heading="Organizations" className={GROUP_CLASSES}>
        {shown.map((organization) => (
          <PaletteItem
            key={organization.id}
            value={`organization:${organization.id}`}
            current={organization.id === activeId}
            onSelect={() => {
              close();
              if (organization.id === activeId) return;
              switchOrganization({
                organizationId: organization.id,
                organizationSlug: organization.slug,
              }).then(
                () => toast.success(`Switched to ${withoutBidiControls(organization.name)}`),
                (error: unknown) =>
                  toast.error(describeOrganizationError(error, 'Could not switch organization.')),
              );
            }}
          >
            <UserText>{organization.name}</UserText>
          </PaletteItem>
        ))}
      </Command.Group>
    </>
  );
}

/** Create task in…: asked when no project is in view. */
export function CreateInProjectPage({ search, close }: PageProps) {
  const api = useApi();
  const projects = useQuery(projectListQueryOptions(api));
  const createTask = useCreateTask();
  const shown = (projects.data ?? []).filter((project) => matchesQuery(project.name, [project.key], search));
  return (
    <>
      <Loading what="projects" loading={projects.isPending} />
      <Command.Group heading="Projects" className={GROUP_CLASSES}>
        {shown.map((project) => (
          <PaletteItem
            key={project.id}
            value={`create-in:${project.id}`}
            detail={project.key}
            onSelect={() => {
              close();
              setTimeout(() => createTask(project.id), 0);
            }}
          >
            <UserText>{project.name}</UserText>
          </PaletteItem>
        ))}
      </Command.Group>
    </>
  );
}
