import { useSuspenseQuery } from '@tanstack/react-query';
import { useApi } from '../../hooks/use-api';
import { diffRevisions, planRevisionQueryOptions } from './plans';

/** What revision `revision` changed against the one before it: items added, removed and changed. */
export function RevisionDiff({ planId, revision }: { planId: string; revision: number }) {
  const api = useApi();
  const { data: before } = useSuspenseQuery(planRevisionQueryOptions(api, planId, revision - 1));
  const { data: after } = useSuspenseQuery(planRevisionQueryOptions(api, planId, revision));
  const diff = diffRevisions(before.items, after.items);
  const nothing = diff.added.length + diff.removed.length + diff.changed.length === 0;
  return (
    <section
      aria-label={`Changes in revision ${revision}`}
      className="rounded-card border border-border p-3 text-[13px]"
    >
      <h3 className="mb-2 font-medium">
        Revision {revision} against {revision - 1}
      </h3>
      {nothing ? <p className="text-muted-foreground">The items did not change.</p> : null}
      <ul className="space-y-1">
        {diff.added.map((item) => (
          <li key={`added-${item.key}`} data-diff="added" className="text-success">
            + <span className="font-mono">{item.key}</span> {item.title}
          </li>
        ))}
        {diff.removed.map((item) => (
          <li key={`removed-${item.key}`} data-diff="removed" className="text-danger line-through">
            − <span className="font-mono">{item.key}</span> {item.title}
          </li>
        ))}
        {diff.changed.map((change) => (
          <li key={`changed-${change.key}`} data-diff="changed">
            ~ <span className="font-mono">{change.key}</span> {change.title}{' '}
            <span className="text-muted-foreground">({change.fields.join(', ')})</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
