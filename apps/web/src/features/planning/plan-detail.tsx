import type { Plan } from '@switchboard/api-client/contract';
import { useMutation, useSuspenseQuery } from '@tanstack/react-query';
import { Suspense, useMemo, useState } from 'react';
import { toast } from 'sonner';
import { Pending } from '../../components/pending';
import { Button } from '../../components/ui/button';
import { ConflictDialog } from '../../components/ui/conflict-dialog';
import { Dialog, DialogFooter } from '../../components/ui/dialog';
import { TextArea } from '../../components/ui/field';
import { plural } from '../../components/ui/format';
import { useOrganizationMembers } from '../../hooks/use-active-organization';
import { useApi } from '../../hooks/use-api';
import { describeError } from '../../lib/error-messages';
import { PlanConversation } from './plan-conversation';
import { PlanHeading } from './plan-heading';
import { PlanTree } from './plan-tree';
import {
  acceptPlan,
  isOpenPlan,
  openKeys,
  planQueryOptions,
  planTree,
  rejectPlan,
  toggleChecked,
} from './plans';
import { usePlanEdits } from './use-plan-edits';

/** One plan: its tree of items to choose from, the conversation beside it, and the decision. */
export function PlanDetail({ planId }: { planId: string }) {
  const api = useApi();
  const { data: plan } = useSuspenseQuery(planQueryOptions(api, planId));
  return <PlanDecision key={plan.id} plan={plan} />;
}

function PlanDecision({ plan }: { plan: Plan }) {
  const api = useApi();
  const people = useOrganizationMembers();
  const [checked, setChecked] = useState(() => new Set(openKeys(plan.items)));
  // A new revision (or an acceptance) starts the choice afresh: every open item checked. Edits not
  // saved yet stay: a revision from someone else must not throw away what this person typed.
  const shown = `${plan.revision}:${plan.acceptedCount}`;
  const [checkedFor, setCheckedFor] = useState(shown);
  if (checkedFor !== shown) {
    setCheckedFor(shown);
    setChecked(new Set(openKeys(plan.items)));
  }
  const { edits, bases, items, editedKeys, problems, conflict, saveEdits, resolve, keepEdit, settle } =
    usePlanEdits(plan);
  const [rejecting, setRejecting] = useState(false);
  const editable = isOpenPlan(plan.status);
  const tree = useMemo(() => planTree(items), [items]);
  const open = openKeys(plan.items);
  const edited = editedKeys.size;

  const accept = useMutation({
    mutationFn: (keys: string[] | undefined) => acceptPlan(api, plan.id, keys ? { items: keys } : {}),
    onSuccess: (answer) => {
      settle(answer.plan);
      toast.success(`Accepted ${plural(answer.created.length, 'item')}: they are on the board`);
    },
    onError: (failure) => toast.error('Nothing was accepted', { description: describeError(failure) }),
  });

  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
      <section aria-labelledby="plan-title" className="flex min-w-0 flex-col gap-4">
        <PlanHeading plan={plan} />
        <PlanTree
          nodes={tree}
          warnings={plan.warnings}
          checked={checked}
          editable={editable}
          items={items}
          edited={editedKeys}
          problems={problems}
          people={people}
          onToggle={(key, on) => setChecked(toggleChecked(plan.items, checked, key, on))}
          onEdit={keepEdit}
        />
        {editable ? (
          <div className="flex flex-wrap items-center gap-2 border-t border-border pt-3">
            {edited > 0 ? (
              <Button
                variant="secondary"
                // People are named by e-mail in a revision: wait for the members to know theirs.
                disabled={saveEdits.isPending || people.length === 0}
                onClick={() => saveEdits.mutate({ edits, bases })}
              >
                Save {plural(edited, 'edit')} as revision {plan.revision + 1}
              </Button>
            ) : null}
            <Button
              disabled={accept.isPending || edited > 0 || checked.size === 0}
              onClick={() => accept.mutate([...checked])}
            >
              Accept {checked.size === open.length ? 'all' : `${checked.size} of ${open.length}`}
            </Button>
            {checked.size !== open.length ? (
              <Button
                variant="secondary"
                disabled={accept.isPending || edited > 0}
                onClick={() => accept.mutate(undefined)}
              >
                Accept all
              </Button>
            ) : null}
            <Button variant="ghost" className="hover:text-danger" onClick={() => setRejecting(true)}>
              Reject…
            </Button>
            {edited > 0 ? (
              <p className="text-[12px] text-muted-foreground">Save your edits before accepting.</p>
            ) : null}
          </div>
        ) : null}
      </section>
      <aside className="min-w-0 lg:border-l lg:border-border lg:pl-6">
        <Suspense fallback={<Pending label="Loading the conversation…" />}>
          <PlanConversation plan={plan} />
        </Suspense>
      </aside>
      {conflict ? (
        <ConflictDialog
          key={`${conflict.key}-${conflict.field}`}
          label={conflict.label}
          mine={conflict.mine}
          theirs={conflict.theirs}
          mergeable={conflict.mergeable}
          onKeepMine={resolve}
          onTakeTheirs={() => resolve(null)}
        />
      ) : null}
      <RejectDialog plan={plan} open={rejecting} onClose={() => setRejecting(false)} onRejected={settle} />
    </div>
  );
}

function RejectDialog({
  plan,
  open,
  onClose,
  onRejected,
}: {
  plan: Plan;
  open: boolean;
  onClose: () => void;
  onRejected: (plan: Plan) => void;
}) {
  const api = useApi();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();
  const reject = useMutation({
    mutationFn: () => rejectPlan(api, plan.id, reason.trim()),
    onSuccess: (next) => {
      onRejected(next);
      toast.success(`Rejected plan ${next.title}`);
      onClose();
    },
    onError: (failure) => setError(describeError(failure)),
  });
  return (
    <Dialog open={open} onClose={onClose} title="Reject this plan" tone="danger">
      <form
        noValidate
        className="flex flex-col gap-3"
        onSubmit={(event) => {
          event.preventDefault();
          if (reason.trim() === '') setError('Say why, so the agent can do better next time.');
          else reject.mutate();
        }}
      >
        <TextArea
          label="Reason"
          value={reason}
          rows={3}
          maxLength={2000}
          onChange={(event) => {
            setReason(event.currentTarget.value);
            setError(undefined);
          }}
        />
        <DialogFooter
          onCancel={onClose}
          actionLabel="Reject plan"
          pendingLabel="Rejecting…"
          pending={reject.isPending}
          tone="danger"
          error={error}
        />
      </form>
    </Dialog>
  );
}
