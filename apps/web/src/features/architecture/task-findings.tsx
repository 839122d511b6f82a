import type { Task, TaskFinding } from '@switchboard/api-client/contract';
import { useSuspenseQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Button } from '../../components/ui/button';
import { RelativeTime } from '../../components/ui/relative-time';
import { useApi } from '../../hooks/use-api';
import { describeError } from '../../lib/error-messages';
import { DismissFindingDialog } from './dismiss-finding-dialog';
import { FindingsByFile } from './findings-by-file';
import { taskFindingsQueryOptions } from './rule-sets';
import { SeverityBadge } from './severity-badge';
import { useDismissFinding } from './use-dismiss-finding';

/**
 * What reviews of the task's files found, by file. Open findings gate the task (HIGH blocks an agent's
 * move to review or done, MEDIUM sends it to review); a person may dismiss one with a reason. New
 * reviews and dismissals arrive live. Nothing shows for a task never reviewed.
 */
export function TaskFindings({ task }: { task: Task }) {
  const api = useApi();
  const { data: findings } = useSuspenseQuery(taskFindingsQueryOptions(api, task.id));
  const [dismissing, setDismissing] = useState<TaskFinding | null>(null);
  const dismiss = useDismissFinding();
  if (findings.length === 0) return null;
  const open = findings.filter((finding) => finding.status === 'open');
  const dismissed = findings.filter((finding) => finding.status === 'dismissed');
  const high = open.filter((finding) => finding.severity === 'HIGH').length;
  const medium = open.filter((finding) => finding.severity === 'MEDIUM').length;

  return (
    <section aria-labelledby="task-findings-heading" className="flex flex-col gap-3">
      <header className="flex flex-wrap items-center gap-2">
        <h2 id="task-findings-heading" className="text-[13px] font-medium text-muted-foreground">
          Architecture review
        </h2>
        {task.needsReview ? (
          <span className="rounded-full border border-amber-400/40 bg-amber-400/10 px-2 text-[11px] font-medium text-amber-600 dark:text-amber-300">
            Needs review
          </span>
        ) : null}
        <p className="text-[12px] text-muted-foreground">
          {high > 0
            ? `${high} HIGH ${high === 1 ? 'finding blocks' : 'findings block'} agents from finishing it.`
            : medium > 0
              ? `${medium} MEDIUM ${medium === 1 ? 'finding' : 'findings'}: a person reviews it before it is done.`
              : open.length > 0
                ? 'Only LOW findings: recorded, nothing gated.'
                : 'No open findings.'}
        </p>
      </header>
      {open.length > 0 ? (
        <FindingsByFile
          findings={open}
          actionFor={(finding) => (
            <Button
              variant="ghost"
              size="sm"
              aria-label={`Dismiss: ${finding.violation}`}
              onClick={() => {
                dismiss.reset();
                setDismissing(finding);
              }}
            >
              Dismiss
            </Button>
          )}
        />
      ) : null}
      {dismissed.length > 0 ? <DismissedFindings findings={dismissed} /> : null}
      <DismissFindingDialog
        finding={dismissing}
        onClose={() => setDismissing(null)}
        pending={dismiss.isPending}
        error={dismiss.error ? describeError(dismiss.error) : undefined}
        onDismiss={(reason) =>
          dismissing &&
          dismiss.mutate({ findingId: dismissing.id, reason }, { onSuccess: () => setDismissing(null) })
        }
      />
    </section>
  );
}

function DismissedFindings({ findings }: { findings: readonly TaskFinding[] }) {
  const now = new Date();
  return (
    <details className="text-[12px]">
      <summary className="cursor-pointer text-muted-foreground select-none hover:text-foreground">
        {findings.length} dismissed
      </summary>
      <ul aria-label="Dismissed findings" className="mt-2 flex flex-col gap-2">
        {findings.map((finding) => (
          <li key={finding.id} className="flex items-start gap-2">
            <SeverityBadge severity={finding.severity} className="mt-px opacity-60" />
            <div className="min-w-0">
              <p className="text-muted-foreground line-through">
                <span className="font-mono">{finding.filePath}</span>: {finding.violation}
              </p>
              {finding.dismissal ? (
                <p className="text-muted-foreground">
                  {finding.dismissal.by.name}, <RelativeTime value={finding.dismissal.at} now={now} />: “
                  {finding.dismissal.reason}”
                </p>
              ) : null}
            </div>
          </li>
        ))}
      </ul>
    </details>
  );
}
