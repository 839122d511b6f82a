import { PencilIcon, TrashIcon } from '../icons';
import { Button } from './button';

/**
 * The Edit and Delete buttons of a listed thing, as every settings list shows them. `label` names the
 * thing for screen readers: "Edit backend-dev", "Delete backend-dev".
 */
export function EditDeleteButtons({
  label,
  onEdit,
  onDelete,
  editLabel = `Edit ${label}`,
}: {
  label: string;
  onEdit: () => void;
  onDelete: () => void;
  /** What the Edit button says to screen readers, when more than "Edit <label>"; it must hold the word Edit it shows. */
  editLabel?: string;
}) {
  return (
    <>
      <Button variant="ghost" size="sm" onClick={onEdit} aria-label={editLabel}>
        <PencilIcon className="size-3.5" />
        Edit
      </Button>
      <Button
        variant="ghost"
        size="sm"
        className="hover:text-danger"
        onClick={onDelete}
        aria-label={`Delete ${label}`}
      >
        <TrashIcon className="size-3.5" />
        Delete
      </Button>
    </>
  );
}
