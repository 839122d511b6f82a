import type { Task } from '@switchboard/api-client/contract';
import { fullDateTime } from '../../components/ui/format';
import { compactTokens, exactTokens, formatCost, hasUsage } from '../agents/agents-usage';
import { useClaimHolder } from '../sessions/use-claim-holder';

/**
 * What agents did with the task: who holds its claim (a lease renewed by each call of the holding
 * session) and the tokens and cost reported on it with report-usage.
 */
export function TaskAgentWork({ task }: { task: Task }) {
  const holder = useClaimHolder(task);
  const usage = task.usage;
  return (
    <>
      {holder ? (
        <p className="mt-1">
          Claimed by{' '}
          <span className="font-mono text-foreground">{holder.agentName ?? 'an agent session'}</span> until{' '}
          <time dateTime={holder.expiresAt} title="The lease renews with every call of the agent's session">
            {fullDateTime(holder.expiresAt)}
          </time>
        </p>
      ) : null}
      {hasUsage(usage) ? (
        <div className="mt-2">
          <p className="mb-1">Agent usage</p>
          <dl aria-label="Agent usage" className="grid grid-cols-3 gap-2 text-center">
            <div className="rounded-control border border-border bg-background px-1.5 py-1">
              <dt className="text-[11px]">Tokens in</dt>
              <dd className="font-medium text-foreground tabular-nums" title={exactTokens(usage.inputTokens)}>
                {compactTokens(usage.inputTokens)}
              </dd>
            </div>
            <div className="rounded-control border border-border bg-background px-1.5 py-1">
              <dt className="text-[11px]">Tokens out</dt>
              <dd
                className="font-medium text-foreground tabular-nums"
                title={exactTokens(usage.outputTokens)}
              >
                {compactTokens(usage.outputTokens)}
              </dd>
            </div>
            <div className="rounded-control border border-border bg-background px-1.5 py-1">
              <dt className="text-[11px]">Cost</dt>
              <dd className="font-medium text-foreground tabular-nums" title={`$${usage.costUsd}`}>
                {formatCost(usage.costUsd)}
              </dd>
            </div>
          </dl>
        </div>
      ) : null}
    </>
  );
}
