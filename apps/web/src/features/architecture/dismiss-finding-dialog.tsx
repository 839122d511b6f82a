import { type FormEvent, useState } from 'react';
import { Dialog, DialogFooter } from '../../components/ui/dialog';
import { TextArea } from '../../components/ui/field';
import type { FileFinding } from './findings-by-file';

/**
 * Dismissing a finding lifts its gate on the task, so the person says why; the reason is kept in the
 * task's activity for whoever wonders later.
 */
export function DismissFindingDialog({
  finding,
  onClose,
  onDismiss,
  pending,
  error,
}: {
  /** The finding being dismissed; null keeps the dialog closed. */
  finding: FileFinding | null;
  onClose: () => void;
  onDismiss: (reason: string) => void;
  pending: boolean;
  error?: string;
}) {
  const [reason, setReason] = useState('');
  const [missing, setMissing] = useState(false);
  const close = () => {
    setReason('');
    setMissing(false);
    onClose();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!reason.trim()) {
      setMissing(true);
      return;
    }
    onDismiss(reason.trim());
  };
  return (
    <Dialog
      open={finding !== null}
      onClose={close}
      title="Dismiss finding?"
      description={
        finding ? (
          <>
            <span className="font-mono text-[13px]">{finding.filePath}</span>: {finding.violation}. It stops
            gating the task; a new review of the file can raise it again.
          </>
        ) : undefined
      }
    >
      <form onSubmit={submit} noValidate className="flex flex-col gap-4">
        <TextArea
          label="Reason"
          value={reason}
          rows={3}
          maxLength={2000}
          autoFocus
          placeholder="Why this finding does not apply here"
          hint="Kept in the task's activity."
          error={missing ? 'Say why, so the next reader knows.' : undefined}
          onChange={(event) => {
            setReason(event.currentTarget.value);
            if (missing) setMissing(false);
          }}
        />
        <DialogFooter
          onCancel={close}
          actionLabel="Dismiss finding"
          pendingLabel="Dismissing…"
          pending={pending}
          error={error}
        />
      </form>
    </Dialog>
  );
}
