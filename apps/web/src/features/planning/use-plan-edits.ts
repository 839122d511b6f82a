import type { Plan } from '@switchboard/api-client/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useMemo, useRef, useState } from 'react';
import { toast } from 'sonner';
import { useOrganizationMembers } from '../../hooks/use-active-organization';
import { useApi } from '../../hooks/use-api';
import { useStoredDraft } from '../../hooks/use-stored-draft';
import { errorDetailsOf, isVersionConflict } from '../../lib/api';
import { describeError } from '../../lib/error-messages';
import { firstConflict, type ItemConflict, resolveConflict } from './item-conflicts';
import { editAgainst, type ItemEdit, problemsByItem } from './item-draft';
import { planKeys, planQueryOptions, toItemInput, updatePlan } from './plans';

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

/**
 * A person's edits of a plan's items before they accept it: kept in this browser until saved as a new
 * revision, saved on top of someone else's revision unless it changed the same things (then the
 * conflict is theirs to choose), and the server's refusals put on the items they are about.
 */
export function usePlanEdits(plan: Plan) {
  const api = useApi();
  const queryClient = useQueryClient();
  const people = useOrganizationMembers();
  const emailOf = (userId: string) => people.find((person) => person.userId === userId)?.email;
  // The edits not saved yet, kept in this browser so a reload or another page loses none of them, with
  // each edited item as it was when its edit began: a field someone else changed since is a conflict.
  const [stored, store] = useStoredDraft<{ edits: Edits; bases: Bases }>(`plan-edits:${plan.id}`);
  const edits = stored?.edits ?? NO_EDITS;
  const bases = stored?.bases ?? NO_BASES;
  const keep = (next: { edits: Edits; bases: Bases }) =>
    store(Object.keys(next.edits).length > 0 ? next : undefined);
  const [conflict, setConflict] = useState<ItemConflict | null>(null);
  const [problems, setProblems] = useState<Record<string, string>>({});
  const items = useMemo(() => withEdits(plan.items, edits), [plan.items, edits]);
  const editedKeys = useMemo(
    () => new Set(plan.items.filter((item) => !item.acceptedAs && edits[item.key]).map((item) => item.key)),
    [plan.items, edits],
  );

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
  return { edits, bases, items, editedKeys, problems, conflict, saveEdits, resolve, keepEdit, settle };
}
