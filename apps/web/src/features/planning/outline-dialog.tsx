import type { Plan } from '@switchboard/api-client/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { toast } from 'sonner';
import { Dialog, DialogFooter } from '../../components/ui/dialog';
import { TextArea } from '../../components/ui/field';
import { useApi } from '../../hooks/use-api';
import { errorDetailsOf } from '../../lib/api';
import { describeError } from '../../lib/error-messages';
import { createPlan, planKeys } from './plans';

const EXAMPLE = `# Billing
## Invoices
- Invoice table (estimate: 2h)
  - [ ] stores totals in cents
- Invoice endpoint (estimate: 3h, after: Invoice table)
## Checkout
- Pay button`;

/** The server's words for each outline line it could not read. */
function outlineProblems(error: unknown): string[] {
  const details = errorDetailsOf(error);
  if (!Array.isArray(details)) return [];
  return details.flatMap((detail) =>
    detail && typeof detail === 'object' && 'message' in detail ? [String(detail.message)] : [],
  );
}

/**
 * A plan from a pasted markdown outline: headings are work units, list items tasks, "- [ ]" acceptance
 * criteria. The server reads it into a draft first, so people see what the outline became before
 * proposing it; closing at the preview keeps the draft in the plan list.
 */
export function OutlineDialog({
  projectId,
  open,
  onClose,
  onCreated,
}: {
  projectId: string;
  open: boolean;
  onClose: () => void;
  onCreated: (plan: Plan) => void;
}) {
  const api = useApi();
  const queryClient = useQueryClient();
  const [outline, setOutline] = useState('');
  const [preview, setPreview] = useState<Plan | null>(null);
  const [problems, setProblems] = useState<string[]>([]);
  const close = () => {
    setOutline('');
    setPreview(null);
    setProblems([]);
    onClose();
  };
  const draft = useMutation({
    mutationFn: () => createPlan(api, projectId, { outline, status: 'draft' }),
    onSuccess: (plan) => {
      setPreview(plan);
      setProblems([]);
      void queryClient.invalidateQueries({ queryKey: planKeys.list(projectId) });
    },
    onError: (failure) => {
      const lines = outlineProblems(failure);
      setProblems(lines.length > 0 ? lines : [describeError(failure)]);
    },
  });
  const propose = useMutation({
    mutationFn: (plan: Plan) =>
      api.plans.update({ planId: plan.id, body: { version: plan.version, status: 'proposed' } }),
    onSuccess: (plan) => {
      toast.success(`Created plan ${plan.title}`);
      onCreated(plan);
      close();
    },
    onError: (failure) => setProblems([describeError(failure)]),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (preview) propose.mutate(preview);
    else if (outline.trim() === '') setProblems(['Paste an outline first.']);
    else draft.mutate();
  };
  return (
    <Dialog
      open={open}
      onClose={close}
      title="New plan from outline"
      description="Headings become work units, list items tasks, “- [ ]” lines acceptance criteria."
      className="max-w-2xl"
    >
      <form onSubmit={submit} noValidate className="flex flex-col gap-3">
        {preview ? (
          <section aria-label="Preview" className="max-h-80 overflow-y-auto text-[13px]">
            <p className="mb-2 font-medium">{preview.title}</p>
            <ul className="space-y-0.5">
              {preview.items.map((item) => (
                <li key={item.key} style={{ marginLeft: item.parent ? 16 : 0 }}>
                  <span className="font-mono text-muted-foreground">{item.key}</span> {item.title}
                  {item.acceptanceCriteria.length > 0 ? ` · ${item.acceptanceCriteria.length} criteria` : ''}
                </li>
              ))}
            </ul>
          </section>
        ) : (
          <TextArea
            label="Outline"
            value={outline}
            rows={12}
            placeholder={EXAMPLE}
            className="font-mono"
            onChange={(event) => setOutline(event.currentTarget.value)}
          />
        )}
        {problems.length > 0 ? (
          <ul role="alert" className="text-[13px] text-danger">
            {problems.map((problem) => (
              <li key={problem}>{problem}</li>
            ))}
          </ul>
        ) : null}
        <DialogFooter
          onCancel={close}
          cancelLabel={preview ? 'Keep as draft' : 'Cancel'}
          actionLabel={preview ? 'Create plan' : 'Preview'}
          pending={draft.isPending || propose.isPending}
          pendingLabel={preview ? 'Creating…' : 'Reading…'}
        />
      </form>
    </Dialog>
  );
}
