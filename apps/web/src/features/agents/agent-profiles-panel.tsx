import type { AgentProfile } from '@switchboard/api-client/contract';
import { useSuspenseQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { AddButton } from '../../components/ui/add-button';
import { Badge } from '../../components/ui/badge';
import { fullDateTime, relativeTime } from '../../components/ui/format';
import { inlineLinkClasses } from '../../components/ui/inline-link';
import { Markdown } from '../../components/ui/markdown';
import { EditDeleteButtons } from '../../components/ui/row-actions';
import { SettingsSection } from '../../components/ui/section';
import { StackList } from '../../components/ui/stack-list';
import { useApi } from '../../hooks/use-api';
import { AccessNotice } from '../settings/access-notice';
import { AgentBadge } from '../tasks/indicators';
import { AgentProfileDialog } from './agent-profile-dialog';
import { agentProfilesQueryOptions } from './agents';
import { DeleteAgentDialog } from './delete-agent-dialog';

type Editing =
  | { kind: 'new' }
  | { kind: 'edit'; profile: AgentProfile }
  | { kind: 'delete'; profile: AgentProfile };

/**
 * The organization's shared agent profiles. Everyone reads them (tasks are assigned to these names);
 * roles that may update the organization create, edit and delete them. The server decides regardless.
 */
export function AgentProfilesPanel({ canManage }: { canManage: boolean }) {
  const api = useApi();
  const { data: profiles } = useSuspenseQuery(agentProfilesQueryOptions(api));
  const [editing, setEditing] = useState<Editing | null>(null);
  const close = () => setEditing(null);

  return (
    <>
      <SettingsSection
        title="Agent profiles"
        description={
          profiles.length === 0
            ? 'No agent profiles yet. A profile is a named role, like backend-dev: tasks are assigned to it and API keys act as it.'
            : `${profiles.length} shared ${profiles.length === 1 ? 'profile' : 'profiles'}. Tasks are assigned to these names; API keys can act as them.`
        }
        actions={
          canManage ? <AddButton onClick={() => setEditing({ kind: 'new' })}>New agent</AddButton> : null
        }
      >
        {!canManage ? (
          <AccessNotice resource="agent profiles" className="mb-4">
            Only owners and admins create and change agent profiles. You can read them and assign tasks to
            them.
          </AccessNotice>
        ) : null}
        {profiles.length > 0 ? (
          <StackList label="Agent profiles">
            {profiles.map((profile) => (
              <ProfileCard
                key={profile.id}
                profile={profile}
                canManage={canManage}
                onEdit={() => setEditing({ kind: 'edit', profile })}
                onDelete={() => setEditing({ kind: 'delete', profile })}
              />
            ))}
          </StackList>
        ) : canManage ? (
          <p className="text-[13px] text-muted-foreground">
            Create one for each kind of work your agents do. Then{' '}
            <Link to="/dashboard/settings/developer/api-keys" className={inlineLinkClasses}>
              make an API key
            </Link>{' '}
            that acts as it.
          </p>
        ) : null}
      </SettingsSection>

      <AgentProfileDialog
        open={editing?.kind === 'new' || editing?.kind === 'edit'}
        profile={editing?.kind === 'edit' ? editing.profile : undefined}
        onClose={close}
      />
      {editing?.kind === 'delete' ? (
        <DeleteAgentDialog profile={editing.profile} open onClose={close} />
      ) : null}
    </>
  );
}

function ProfileCard({
  profile,
  canManage,
  onEdit,
  onDelete,
}: {
  profile: AgentProfile;
  canManage: boolean;
  onEdit: () => void;
  onDelete: () => void;
}) {
  return (
    <li aria-label={profile.name} className="rounded-control border border-border bg-background/40">
      <div className="flex flex-wrap items-start gap-3 px-4 py-3">
        <AgentBadge name={profile.name} className="mt-0.5 size-8 rounded-control text-[11px]" />
        <div className="min-w-0 flex-1">
          <p className="flex flex-wrap items-center gap-2">
            <span className="font-mono text-[13px] font-semibold text-foreground">{profile.name}</span>
            {profile.model ? <Badge>{profile.model}</Badge> : null}
          </p>
          <p className="mt-0.5 text-[13px] text-muted-foreground">
            {profile.description || <span className="italic">No description</span>}
          </p>
        </div>
        {canManage ? (
          <div className="flex items-center gap-1">
            <EditDeleteButtons label={profile.name} onEdit={onEdit} onDelete={onDelete} />
          </div>
        ) : null}
      </div>
      <dl className="grid gap-x-4 gap-y-2 border-t border-border px-4 py-3 text-[12px] sm:grid-cols-[7rem_1fr]">
        <dt className="text-muted-foreground">Allowed tools</dt>
        <dd className="min-w-0">
          {profile.tools.length > 0 ? (
            <ul aria-label={`Tools of ${profile.name}`} className="flex flex-wrap gap-1">
              {profile.tools.map((tool) => (
                <li
                  key={tool}
                  className="rounded-[5px] border border-border bg-subtle px-1.5 py-0.5 font-mono text-[11px] text-foreground"
                >
                  {tool}
                </li>
              ))}
            </ul>
          ) : (
            <span className="text-muted-foreground">Any (no restriction)</span>
          )}
        </dd>
        <dt className="text-muted-foreground">Updated</dt>
        <dd>
          <time dateTime={profile.updatedAt} title={fullDateTime(profile.updatedAt)}>
            {relativeTime(profile.updatedAt)}
          </time>
        </dd>
      </dl>
      {profile.instructions.trim() ? (
        <details className="group border-t border-border">
          <summary className="cursor-pointer list-none px-4 py-2 text-[12px] font-medium text-muted-foreground select-none hover:text-foreground [&::-webkit-details-marker]:hidden">
            <span aria-hidden="true" className="mr-1 inline-block transition-transform group-open:rotate-90">
              ›
            </span>
            Instructions
          </summary>
          <div className="px-4 pb-3">
            <Markdown source={profile.instructions} />
          </div>
        </details>
      ) : null}
    </li>
  );
}
