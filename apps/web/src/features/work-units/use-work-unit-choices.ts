import type { WorkUnit, WorkUnitStatus } from '@switchboard/api-client/contract';
import { useOrganizationMembers } from '../../hooks/use-active-organization';
import { descendantsOf, statusChoices, WORK_UNIT_STATUS_LABELS } from './work-units';

const CREATE_STATUSES: WorkUnitStatus[] = ['planning', 'in_progress', 'blocked'];

/** The choices of a work unit's owner, parent (never itself or below it) and status (the allowed moves). */
export function useWorkUnitChoices(unit: WorkUnit | undefined, units: readonly WorkUnit[], ownerId: string) {
  const members = useOrganizationMembers();
  const ownerOptions = [
    { value: '', label: 'No owner' },
    ...members.map((member) => ({ value: member.userId, label: member.name })),
  ];
  // An owner who is not (or not yet known to be) a member still shows as chosen.
  if (ownerId && !ownerOptions.some((option) => option.value === ownerId)) {
    ownerOptions.push({ value: ownerId, label: 'Current owner' });
  }
  const excluded = unit ? descendantsOf(units, unit.id) : new Set<string>();
  const parentOptions = [
    { value: '', label: 'None (top level)' },
    ...units
      .filter((candidate) => !excluded.has(candidate.id))
      .sort((a, b) => a.number - b.number)
      .map((candidate) => ({ value: candidate.id, label: `${candidate.slug} · ${candidate.title}` })),
  ];
  const statusOptions = (unit ? statusChoices(unit.status) : CREATE_STATUSES).map((status) => ({
    value: status,
    label: WORK_UNIT_STATUS_LABELS[status],
  }));

  return { ownerOptions, parentOptions, statusOptions };
}
