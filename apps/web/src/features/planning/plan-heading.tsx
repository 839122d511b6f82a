import type { Plan } from '@switchboard/api-client/contract';
import { Suspense, useState } from 'react';
import { Pending } from '../../components/pending';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { plural } from '../../components/ui/format';
import { Markdown } from '../../components/ui/markdown';
import { RevisionDiff } from './revision-diff';

const STATUS_WORDS: Record<Plan['status'], string> = {
  draft: 'Draft',
  proposed: 'Proposed',
  accepted: 'Accepted',
  partially_accepted: 'Partly accepted',
  rejected: 'Rejected',
  superseded: 'Superseded',
};

/** A plan's title, status, revision and summary, and (from the second revision) what the last one changed. */
export function PlanHeading({ plan }: { plan: Plan }) {
  const [showDiff, setShowDiff] = useState(false);
  return (
    <>
      <header>
        <div className="flex flex-wrap items-center gap-2">
          <h2 id="plan-title" className="text-lg font-semibold">
            {plan.title}
          </h2>
          <Badge
            tone={plan.status === 'rejected' ? 'danger' : plan.status === 'accepted' ? 'success' : 'accent'}
          >
            {STATUS_WORDS[plan.status]}
          </Badge>
        </div>
        <p className="text-[12px] text-muted-foreground">
          Revision {plan.revision} by {plan.revisionAuthor.name} · {plural(plan.itemCount, 'item')}
          {plan.acceptedCount > 0 ? ` · ${plan.acceptedCount} accepted` : ''}
        </p>
        {plan.summary ? <Markdown source={plan.summary} className="mt-2" /> : null}
        {plan.rejectionReason ? (
          <p className="mt-2 text-[13px] text-danger">Rejected: {plan.rejectionReason}</p>
        ) : null}
      </header>
      {plan.revision > 1 ? (
        <div>
          <Button variant="ghost" size="sm" onClick={() => setShowDiff(!showDiff)} aria-expanded={showDiff}>
            {showDiff ? 'Hide changes' : `Changes since revision ${plan.revision - 1}`}
          </Button>
          {showDiff ? (
            <Suspense fallback={<Pending label="Loading the changes…" />}>
              <RevisionDiff planId={plan.id} revision={plan.revision} />
            </Suspense>
          ) : null}
        </div>
      ) : null}
    </>
  );
}
