import type { RuleSetSummary } from '@switchboard/api-client/contract';
import { useSuspenseQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Suspense, useState } from 'react';
import { ShieldIcon } from '../../components/icons';
import { Pending } from '../../components/pending';
import { AddButton } from '../../components/ui/add-button';
import { cn } from '../../components/ui/cn';
import { relativeTime } from '../../components/ui/format';
import { SettingsSection } from '../../components/ui/section';
import { useApi } from '../../hooks/use-api';
import { AccessNotice } from '../settings/access-notice';
import { RuleSetDetail } from './rule-set-detail';
import { RuleSetDetailsDialog } from './rule-set-details-dialog';
import { ruleSetsQueryOptions } from './rule-sets';

const count = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/**
 * The organization's architecture rule sets: the list, and the chosen one (in the URL) to read, edit
 * and try. Everyone reads them; owners and admins create, change and delete them.
 */
export function ArchitecturePanel({
  canManage,
  selected,
  onSelect,
}: {
  canManage: boolean;
  /** The chosen rule set's name. */
  selected: string | undefined;
  onSelect: (name: string | undefined) => void;
}) {
  const api = useApi();
  const { data: ruleSets } = useSuspenseQuery(ruleSetsQueryOptions(api));
  const [creating, setCreating] = useState(false);
  const chosen = ruleSets.find((ruleSet) => ruleSet.name === selected) ?? ruleSets[0];

  return (
    <>
      <SettingsSection
        title="Rule sets"
        description={
          ruleSets.length === 0
            ? 'No rule sets yet. A rule set holds design patterns and rules, in AgiFlow’s architect.yaml and RULES.yaml formats; agents check their changes against their project’s.'
            : 'Design patterns and rules that agents check their changes against. A project uses one, chosen in its settings.'
        }
        actions={canManage ? <AddButton onClick={() => setCreating(true)}>New rule set</AddButton> : null}
      >
        {!canManage ? (
          <AccessNotice resource="rule sets" className="mb-4">
            Only owners and admins change rule sets. You can read them and try files against them.
          </AccessNotice>
        ) : null}
        {ruleSets.length > 0 ? (
          <ul
            aria-label="Rule sets"
            className="flex flex-col divide-y divide-border rounded-control border border-border"
          >
            {ruleSets.map((ruleSet) => (
              <RuleSetRow key={ruleSet.id} ruleSet={ruleSet} current={ruleSet.id === chosen?.id} />
            ))}
          </ul>
        ) : null}
      </SettingsSection>
      {chosen ? (
        <Suspense fallback={<Pending label={`Loading ${chosen.name}…`} />}>
          <RuleSetDetail
            key={chosen.id}
            summary={chosen}
            canManage={canManage}
            onDeleted={() => onSelect(undefined)}
            onRenamed={onSelect}
          />
        </Suspense>
      ) : null}
      <RuleSetDetailsDialog
        open={creating}
        onClose={() => setCreating(false)}
        onSaved={(ruleSet) => onSelect(ruleSet.name)}
      />
    </>
  );
}

function RuleSetRow({ ruleSet, current }: { ruleSet: RuleSetSummary; current: boolean }) {
  return (
    <li aria-label={ruleSet.name}>
      <Link
        to="/dashboard/settings/organization/architecture"
        search={{ ruleSet: ruleSet.name }}
        aria-current={current ? 'true' : undefined}
        className={cn(
          'flex flex-wrap items-center gap-3 px-4 py-2.5 transition-colors hover:bg-subtle/60',
          current && 'bg-subtle/60',
        )}
      >
        <ShieldIcon aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />
        <span className="min-w-0 flex-1">
          <span className="block font-mono text-[13px] font-semibold text-foreground">{ruleSet.name}</span>
          <span className="block truncate text-[12px] text-muted-foreground">
            {ruleSet.description || 'No description'}
          </span>
        </span>
        <span className="text-[12px] text-muted-foreground">
          {count(ruleSet.patterns, 'pattern')} · {count(ruleSet.rules, 'rule')}
          {ruleSet.projects.length > 0 ? ` · ${ruleSet.projects.join(', ')}` : ''}
        </span>
        <span className="text-[12px] text-muted-foreground" title={ruleSet.updatedAt}>
          {relativeTime(ruleSet.updatedAt)}
        </span>
      </Link>
    </li>
  );
}
