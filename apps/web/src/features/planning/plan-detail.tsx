import type { Plan } from '@switchboard/api-client/contract';
import { useMutation, useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { Suspense, useMemo, useRef, useState } from 'react';
import { toast } from 'sonner';
import { Pending } from '../../components/pending';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { ConflictDialog } from '../../components/ui/conflict-dialog';
import { Dialog, DialogFooter } from '../../components/ui/dialog';
import { TextArea } from '../../components/ui/field';
import { plural } from '../../components/ui/format';
import { Markdown } from '../../components/ui/markdown';
import { useOrganizationMembers } from '../../hooks/use-active-organization';
import { useApi } from '../../hooks/use-api';
import { useStoredDraft } from '../../hooks/use-stored-draft';
import { errorDetailsOf, isVersionConflict } from '../../lib/api';
import { describeError } from '../../lib/error-messages';
import { firstConflict, type ItemConflict, resolveConflict } from './item-conflicts';
import { editAgainst, type ItemEdit, problemsByItem } from './item-draft';
import { PlanConversation } from './plan-conversation';
import { PlanTree } from './plan-tree';
import {
  acceptPlan,
  isOpenPlan,
  openKeys,
  planKeys,
  planQueryOptions,
  planTree,
  rejectPlan,
  toggleChecked,
  toItemInput,
  updatePlan,
} from './plans';
import { RevisionDiff } from './revision-diff';

const STATUS_WORDS: Record<Plan['status'], string> = {
  draft: 'Draft',
  proposed: 'Proposed',
  accepted: 'Accepted',
  partially_accepted: 'Partly accepted',
  rejected: 'Rejected',
  superseded: 'Superseded',
};

/** One plan: its tree of items to choose from, the conversation beside it, and the decision. */
export function PlanDetail({ planId }: { planId: string }) {
  const api = useApi();
  const { data: plan } = useSuspenseQuery(planQueryOptions(api, planId));
  return <PlanDecision key={plan.id} plan={plan} />;
}

type PlanItems = Plan['items'];
type Edits = Record<string, ItemEdit>;
type Bases = Record<string, PlanItems[number]>;
const NO_EDITS: Edits = {};
const NO_BASES: Bases = {};

/** The plan's items as the person sees them: their edits over every item not accepted yet. */
function withEdits(items: PlanItems, edits: Edits): PlanItems {
  return items.map((item) => (item.acceptedAs ? item : { ...item, ...(edits[item.key] ?? {}) }));
}

/** Someone else's revision changed what the person had edited too: theirs to choose, nothing sent. */
class ItemsConflict extends Error {
  constructor(readonly conflict: ItemConflict) {
    super(conflict.label);
  }
}

function PlanDecision({ plan }: { plan: Plan }) {
  const api = useApi();
  const queryClient = useQueryClient();
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
  // The edits not saved yet, kept in this browser so a reload or another page loses none of them, with
  // each edited item as it was when its edit began: a field someone else changed since is a conflict.
  const [stored, store] = useStoredDraft<{ edits: Edits; bases: Bases }>(`plan-edits:${plan.id}`);
  const edits = stored?.edits ?? NO_EDITS;
  const bases = stored?.bases ?? NO_BASES;
  const keep = (next: { edits: Edits; bases: Bases }) =>
    store(Object.keys(next.edits).length > 0 ? next : undefined);
  const [conflict, setConflict] = useState<ItemConflict | null>(null);
  const [problems, setProblems] = useState<Record<string, string>>({});
  const [showDiff, setShowDiff] = useState(false);
  const [rejecting, setRejecting] = useState(false);
  const editable = isOpenPlan(plan.status);
  const items = useMemo(() => withEdits(plan.items, edits), [plan.items, edits]);
  const tree = useMemo(() => planTree(items), [items]);
  const open = openKeys(plan.items);
  const editedKeys = useMemo(
    () => new Set(plan.items.filter((item) => !item.acceptedAs && edits[item.key]).map((item) => item.key)),
    [plan.items, edits],
  );
  const edited = editedKeys.size;
  const emailOf = (userId: string) => people.find((person) => person.userId === userId)?.email;

  const settle = (next: Plan) => {
    queryClient.setQueryData(planKeys.detail(next.id), next);
    void queryClient.invalidateQueries({ queryKey: planKeys.list(next.projectId) });
  };
  // The items go as sent, so the server's refusal (which names items by their place) lands on the right ones.
  const sent = useRef<PlanItems>([]);
  const saveEdits = useMutation({
    mutationFn: async ({ edits, bases }: { edits: Edits; bases: Bases }) => {
      let current = plan;
      for (let attempt = 1; ; attempt++) {
        const found = firstConflict(edits, bases, current.items);
        if (found) throw new ItemsConflict(found);
        sent.current = withEdits(current.items, edits);
        const body = {
          version: current.version,
          items: sent.current.map((item) => toItemInput(item, emailOf)),
        };
        try {
          return await updatePlan(api, plan.id, body);
        } catch (failure) {
          // Someone else revised the plan meanwhile: read it, and go on top of it unless it changed the same things.
          if (!isVersionConflict(failure) || attempt >= 3) throw failure;
          current = await queryClient.fetchQuery({ ...planQueryOptions(api, plan.id), staleTime: 0 });
        }
      }
    },
    onSuccess: (next) => {
      store(undefined);
      setProblems({});
      settle(next);
      toast.success(`Saved your edits as revision ${next.revision}`);
    },
    onError: (failure) => {
      if (failure instanceof ItemsConflict) {
        setConflict(failure.conflict);
        return;
      }
      setProblems(problemsByItem(errorDetailsOf(failure), sent.current).items);
      if (isVersionConflict(failure))
        void queryClient.invalidateQueries({ queryKey: planKeys.detail(plan.id) });
      toast.error('Your edits were not saved', { description: describeError(failure) });
    },
  });
  const resolve = (text: string | null) => {
    if (!conflict) return;
    const next = resolveConflict(edits, bases, conflict, plan.items, text);
    setConflict(null);
    keep(next);
    // Chosen: the save goes on (or shows the next field to choose).
    if (Object.keys(next.edits).length > 0) saveEdits.mutate(next);
  };
  const keepEdit = (key: string, values: Required<ItemEdit>, begunFrom: PlanItems[number]) => {
    const base = bases[key] ?? begunFrom;
    const { [key]: _previous, ...others } = edits;
    const edit = editAgainst(base, values);
    keep({
      edits: Object.keys(edit).length > 0 ? { ...others, [key]: edit } : others,
      bases: { ...bases, [key]: base },
    });
    const { [key]: _solved, ...otherProblems } = problems;
    setProblems(otherProblems);
  };
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
