import { useSuspenseQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { Suspense, useEffect, useState } from 'react';
import { EmptyState } from '../../components/empty-state';
import { Pending } from '../../components/pending';
import { Button, buttonClasses } from '../../components/ui/button';
import { cn } from '../../components/ui/cn';
import { plural } from '../../components/ui/format';
import { useApi } from '../../hooks/use-api';
import { MessageIcon, PlusIcon } from '../tasks/icons';
import type { BoardSearch } from '../tasks/tasks-filters';
import { OutlineDialog } from './outline-dialog';
import { PlanDetail } from './plan-detail';
import { isOpenPlan, plansQueryOptions } from './plans';

/**
 * The project's plans: agents propose them (MCP propose-plan) or people paste an outline; the chosen
 * plan opens beside its conversation. The plan is a search param, so links to it survive a reload.
 */
export function PlanningView({ projectId, planId }: { projectId: string; planId?: string }) {
  const api = useApi();
  const navigate = useNavigate();
  const { data: plans, isFetching, refetch } = useSuspenseQuery(plansQueryOptions(api, projectId));
  const [outlining, setOutlining] = useState(false);
  // A plan asked for by the URL is that plan or a clear "not found", never another plan in its place.
  const missing = planId !== undefined && !plans.some((plan) => plan.id === planId);
  // The list may be older than the link (a plan proposed a moment ago): read it again before saying so.
  useEffect(() => {
    if (missing) void refetch();
  }, [missing, refetch]);
  const chosen = planId
    ? plans.find((plan) => plan.id === planId)
    : (plans.find((plan) => isOpenPlan(plan.status)) ?? plans[0]);

  const newPlan = (
    <Button variant="secondary" size="sm" onClick={() => setOutlining(true)}>
      <PlusIcon className="size-3.5" />
      New plan from outline
    </Button>
  );
  return (
    <div className="grid gap-6 md:grid-cols-[14rem_minmax(0,1fr)]">
      <nav aria-label="Plans" className="flex flex-col gap-2">
        {newPlan}
        <ul className="flex flex-col gap-1">
          {plans.map((plan) => (
            <li key={plan.id}>
              <Link
                to="/dashboard/projects/$projectId"
                params={{ projectId }}
                search={(previous: BoardSearch) => ({ ...previous, view: 'plan' as const, plan: plan.id })}
                aria-current={plan.id === chosen?.id ? 'page' : undefined}
                className={cn(
                  'block rounded-control px-2 py-1.5 text-[13px] hover:bg-subtle',
                  plan.id === chosen?.id && 'bg-subtle font-medium',
                )}
              >
                <span className="block truncate">{plan.title}</span>
                <span className="text-[12px] text-muted-foreground">
                  {plan.status.replace('_', ' ')} · {plural(plan.itemCount, 'item')}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {missing ? (
        isFetching ? (
          <Pending label="Loading the plan…" />
        ) : (
          <PlanNotFound projectId={projectId} />
        )
      ) : chosen ? (
        <Suspense fallback={<Pending label="Loading the plan…" />}>
          <PlanDetail key={chosen.id} planId={chosen.id} />
        </Suspense>
      ) : (
        <EmptyState icon={MessageIcon} title="No plans yet">
          Ask an agent to plan the work (the MCP prompt “plan”, with the planning toolset), or paste an
          outline.
        </EmptyState>
      )}
      <OutlineDialog
        projectId={projectId}
        open={outlining}
        onClose={() => setOutlining(false)}
        onCreated={(plan) =>
          void navigate({
            to: '/dashboard/projects/$projectId',
            params: { projectId },
            search: (previous: BoardSearch) => ({ ...previous, view: 'plan' as const, plan: plan.id }),
          })
        }
      />
    </div>
  );
}

/** A plan link that leads nowhere: deleted, or from another project or organization. */
function PlanNotFound({ projectId }: { projectId: string }) {
  return (
    <EmptyState
      icon={MessageIcon}
      title="Plan not found"
      action={
        <Link
          to="/dashboard/projects/$projectId"
          params={{ projectId }}
          search={(previous: BoardSearch) => ({ ...previous, view: 'plan' as const, plan: undefined })}
          className={buttonClasses('secondary', 'sm')}
        >
          All plans
        </Link>
      }
    >
      It was deleted, or it belongs to another project or organization.
    </EmptyState>
  );
}
