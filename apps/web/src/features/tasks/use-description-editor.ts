import { TASK_LIMITS, type Task } from '@switchboard/api-client/contract';
import { type FormEvent, useRef, useState } from 'react';
import { useStoredDraft } from '../../hooks/use-stored-draft';
import { fieldErrorsFrom } from '../../lib/api';
import { describeError } from '../../lib/error-messages';
import { tooLong } from '../../lib/text-limits';
import { checkField } from './check-task-changes';
import { textEdit } from './edit-conflicts';
import { TASK_DESCRIPTION } from './task-edits';
import { isEditConflict, useTaskEdit } from './use-task-edit';

/**
 * The description editor's state: open or not, the draft (kept in this browser until saved or
 * cancelled), write or preview, and saving the draft as an edit of the text it began from.
 */
export function useDescriptionEditor(task: Task) {
  // What is typed is kept in this browser until saved or cancelled, with the text it began from.
  const [stored, store] = useStoredDraft<{ text: string; begunFrom: string }>(`task-description:${task.id}`);
  const [editing, setEditing] = useState(stored !== undefined);
  const [draft, setDraft] = useState(stored?.text ?? task.description);
  const [preview, setPreview] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const edit = useTaskEdit(task);
  // The description as it was when the editor opened: a change saved since is not to be overwritten.
  const begunFrom = useRef(stored?.begunFrom ?? task.description);

  const start = () => {
    begunFrom.current = stored?.begunFrom ?? task.description;
    setDraft(stored?.text ?? task.description);
    setPreview(false);
    setError(undefined);
    setEditing(true);
  };
  const type = (text: string) => {
    setDraft(text);
    store({ text, begunFrom: begunFrom.current });
  };
  const close = () => {
    store(undefined);
    setEditing(false);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (draft === begunFrom.current) {
      close();
      return;
    }
    const problem =
      tooLong('A description', draft, TASK_LIMITS.description) ?? checkField(task, { description: draft });
    if (problem) {
      setError(problem);
      return;
    }
    edit.save(textEdit(TASK_DESCRIPTION, begunFrom.current, draft), {
      onSuccess: close,
      onError: (failure) => {
        if (!isEditConflict(failure))
          setError(fieldErrorsFrom(failure).description ?? describeError(failure));
      },
    });
  };
  return { editing, draft, setDraft, preview, setPreview, error, edit, start, type, close, submit };
}
