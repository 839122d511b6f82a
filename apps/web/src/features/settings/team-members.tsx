import type { UseMutationResult } from '@tanstack/react-query';
import { useState } from 'react';
import { CloseIcon } from '../../components/icons';
import { Avatar } from '../../components/ui/avatar';
import { Button } from '../../components/ui/button';
import { SelectField } from '../../components/ui/select';
import type { Member, Team } from '../../lib/organization';
import { mutationErrorText } from './use-auth-mutation';

type MemberMutation = Pick<UseMutationResult<unknown, unknown, string>, 'mutate' | 'isPending'>;

/** Who is in a team, each removable, and a choice of the organization's members to add. */
export function TeamMembers({
  team,
  members,
  memberIds,
  membershipError,
  canRemove,
  addMember,
  removeMember,
}: {
  team: Team;
  members: readonly Member[];
  /** Undefined while the team's members load. */
  memberIds: string[] | undefined;
  membershipError: unknown;
  canRemove: boolean;
  addMember: MemberMutation;
  removeMember: MemberMutation;
}) {
  // The member chosen to add, until they are added.
  const [adding, setAdding] = useState('');
  const membersById = new Map(members.map((member) => [member.userId, member]));
  const inTeam = (memberIds ?? []).map((id) => membersById.get(id)).filter((m): m is Member => Boolean(m));
  const notInTeam = members.filter((member) => !memberIds?.includes(member.userId));
  return (
    <div className="flex flex-col gap-3 border-t border-border px-4 py-3">
      {membershipError ? (
        <p className="text-[13px] text-danger">
          {mutationErrorText(membershipError, 'Team members could not be loaded.', 'teams')}
        </p>
      ) : memberIds === undefined ? (
        <p className="text-[13px] text-muted-foreground">Loading members…</p>
      ) : inTeam.length === 0 ? (
        <p className="text-[13px] text-muted-foreground">Nobody is in this team yet.</p>
      ) : (
        <ul aria-label={`Members of ${team.name}`} className="flex flex-wrap gap-2">
          {inTeam.map((member) => (
            <li
              key={member.userId}
              className="inline-flex h-7 items-center gap-1.5 rounded-full border border-border bg-surface pr-1 pl-1 text-[12px] text-foreground"
            >
              <Avatar name={member.user.name} image={member.user.image} size="xs" />
              {member.user.name}
              {canRemove ? (
                <button
                  type="button"
                  disabled={removeMember.isPending}
                  onClick={() => removeMember.mutate(member.userId)}
                  aria-label={`Remove ${member.user.name} from ${team.name}`}
                  className="grid size-5 place-items-center rounded-full text-muted-foreground hover:bg-subtle hover:text-foreground"
                >
                  <CloseIcon className="size-3" />
                </button>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      {memberIds !== undefined && notInTeam.length > 0 ? (
        <div className="flex items-end gap-2">
          <SelectField
            label={`Add a member to ${team.name}`}
            hideLabel
            className="w-56"
            value={adding}
            options={[
              { value: '', label: 'Add a member…' },
              ...notInTeam.map((member) => ({
                value: member.userId,
                label: member.user.name || member.user.email,
              })),
            ]}
            onChange={(event) => setAdding(event.currentTarget.value)}
          />
          <Button
            variant="secondary"
            disabled={!adding || addMember.isPending}
            onClick={() => addMember.mutate(adding, { onSuccess: () => setAdding('') })}
          >
            {addMember.isPending ? 'Adding…' : 'Add'}
          </Button>
        </div>
      ) : null}
    </div>
  );
}
