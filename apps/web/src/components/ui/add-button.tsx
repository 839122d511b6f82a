import type { ReactNode } from 'react';
import { PlusIcon } from '../icons';
import { Button } from './button';

/**
 * The button that adds to a list ("New label", "Upload templates"). `limitReached` says why the list
 * takes no more: the button is off and says so as its tooltip.
 */
export function AddButton({
  onClick,
  limitReached,
  children,
}: {
  onClick: () => void;
  limitReached?: string | undefined;
  children: ReactNode;
}) {
  return (
    <Button size="sm" onClick={onClick} disabled={limitReached !== undefined} title={limitReached}>
      <PlusIcon className="size-3.5" />
      {children}
    </Button>
  );
}
