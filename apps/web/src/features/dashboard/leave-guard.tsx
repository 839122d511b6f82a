import { useBlocker } from '@tanstack/react-router';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { hasUnsavedDrafts } from '../../lib/unsaved-drafts';

/**
 * Asks before the page goes while text is unsaved: the browser's own prompt for a reload, a closed tab
 * or another site; this dialog for the dashboard's own links and Back. A replace (the app tidying its
 * own address) is never held, nor a change of only the hash.
 */
export function LeaveGuard() {
  const blocker = useBlocker({
    shouldBlockFn: ({ action, current, next }) =>
      hasUnsavedDrafts() &&
      action !== 'REPLACE' &&
      (current.pathname !== next.pathname || JSON.stringify(current.search) !== JSON.stringify(next.search)),
    enableBeforeUnload: hasUnsavedDrafts,
    withResolver: true,
  });
  return (
    <ConfirmDialog
      open={blocker.status === 'blocked'}
      onClose={() => blocker.reset?.()}
      title="Leave with unsaved text?"
      description="What you typed is kept in this browser and will be there when you come back, but it is not saved yet."
      confirmLabel="Leave"
      cancelLabel="Stay on this page"
      tone="default"
      onConfirm={() => blocker.proceed?.()}
    />
  );
}
