import { TASK_LIMITS, type Task } from '@switchboard/api-client/contract';
import { useId, useRef, useState } from 'react';
import { Button } from '../../components/ui/button';
import { cn } from '../../components/ui/cn';
import { ConflictDialog } from '../../components/ui/conflict-dialog';
import { LengthCounter } from '../../components/ui/length-counter';
import { Markdown } from '../../components/ui/markdown';
import { fieldErrorsFrom } from '../../lib/api';
import { describeError } from '../../lib/error-messages';
import { tooLong } from '../../lib/text-limits';
import { checkEdit, checkField } from './check-task-changes';
import { CriteriaChecklist } from './criteria-checklist';
import { DescriptionForm } from './description-form';
import { textEdit } from './edit-conflicts';
import { CheckIcon, PencilIcon, PlusIcon } from './icons';
import { ProgressBar } from './indicators';
import { criterionAdded, criterionEdit, TASK_TITLE, type TaskEdit } from './task-edits';
import { criteriaProgress } from './tasks';
import { useDescriptionEditor } from './use-description-editor';
import { useFieldDraft } from './use-field-draft';
import { isEditConflict, useTaskEdit } from './use-task-edit';

/** The conflict of an edit with someone else's change, while there is one to resolve. */
function TaskConflict({
  edit,
  onResolved,
}: {
  edit: ReturnType<typeof useTaskEdit>;
  /** With the text the field now holds: the person's (or their merge) or the other one. */
  onResolved?: (text: string) => void;
}) {
  const { conflict } = edit;
  if (!conflict) return null;
  return (
    <ConflictDialog
      label={conflict.field.label}
      mine={conflict.mine}
      theirs={conflict.theirs}
      onKeepMine={(text) => {
        edit.resolve(text);
        onResolved?.(text);
      }}
      onTakeTheirs={() => {
        edit.dismiss();
        onResolved?.(conflict.theirs);
      }}
    />
  );
}

/**
 * The title, edited in place: Enter or leaving the field saves, Escape undoes. `level` is its
 * heading's: the page's h1 on the task page, an h2 in the peek panel beside the board.
 */
export function TaskTitle({ task, level = 1 }: { task: Task; level?: 1 | 2 }) {
  const Heading = level === 1 ? 'h1' : 'h2';
  const [error, setError] = useState<string | undefined>();
  const edit = useTaskEdit(task);
  const errorId = useId();
  const [editing, setEditing] = useState(false);
  const [value, setValue] = useFieldDraft(task.title, {
    editing,
    refused: Boolean(error) || edit.conflict !== null,
  });
  // The title as it was when the person began typing: a change saved since is theirs, not to overwrite.
  const begunFrom = useRef(task.title);

  const save = () => {
    setEditing(false);
    if (value === begunFrom.current) {
      if (!error) setValue(task.title);
      return;
    }
    const problem = tooLong('A title', value.trim(), TASK_LIMITS.title) ?? checkField(task, { title: value });
    if (problem) {
      setError(problem);
      return;
    }
    setError(undefined);
    edit.save(textEdit(TASK_TITLE, begunFrom.current, value), {
      onError: (failure) => {
        if (!isEditConflict(failure)) setError(fieldErrorsFrom(failure).title ?? describeError(failure));
      },
    });
  };

  return (
    <div>
      {/* The editable field is the visible title; the heading gives screen readers and heading
          navigation the page's h1, with the saved title. */}
      <Heading className="sr-only">{task.title}</Heading>
      <label htmlFor={`${errorId}-title`} className="sr-only">
        Title
      </label>
      <textarea
        id={`${errorId}-title`}
        value={value}
        rows={1}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : `${errorId}-count`}
        onFocus={() => {
          if (!error) begunFrom.current = task.title;
          setEditing(true);
        }}
        onChange={(event) => {
          setValue(event.currentTarget.value.replace(/\n/g, ' '));
          setError(undefined);
        }}
        onBlur={save}
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            event.preventDefault();
            event.currentTarget.blur();
          } else if (event.key === 'Escape') {
            setValue(task.title);
            setError(undefined);
            setEditing(false);
          }
        }}
        className={cn(
          'field-sizing-content w-full resize-none rounded-control border border-transparent bg-transparent px-1.5 py-1 -ml-1.5',
          'text-xl font-semibold tracking-tight text-foreground hover:border-border focus-visible:border-accent',
          'aria-invalid:border-danger',
        )}
      />
      <LengthCounter text={value.trim()} limit={TASK_LIMITS.title} id={`${errorId}-count`} />
      {error ? (
        <p id={errorId} className="px-0.5 text-xs text-danger">
          {error}
        </p>
      ) : null}
      <TaskConflict
        edit={edit}
        onResolved={(text) => {
          setValue(text);
          begunFrom.current = text;
        }}
      />
    </div>
  );
}

/** The markdown description: rendered safely, edited with a preview. */
export function TaskDescription({ task }: { task: Task }) {
  const editor = useDescriptionEditor(task);
  const { edit, start, close } = editor;
  // Either choice closes the editor: the page shows the kept text at once (a new conflict reopens this).
  const conflict = (
    <TaskConflict
      edit={edit}
      onResolved={(text) => {
        editor.setDraft(text);
        close();
      }}
    />
  );

  if (!editor.editing) {
    return (
      <section aria-labelledby="description-heading" className="group">
        <div className="mb-2 flex items-center justify-between">
          <h2 id="description-heading" className="text-[13px] font-medium text-muted-foreground">
            Description
          </h2>
          <Button variant="ghost" size="sm" onClick={start} aria-label="Edit description">
            <PencilIcon className="size-3.5" />
            Edit
          </Button>
        </div>
        {task.description.trim() ? (
          <Markdown source={task.description} />
        ) : (
          <button
            type="button"
            onClick={start}
            className="w-full rounded-control border border-dashed border-border px-3 py-4 text-left text-sm text-muted-foreground hover:border-border-strong hover:text-foreground"
          >
            Add a description (markdown)…
          </button>
        )}
        {conflict}
      </section>
    );
  }

  return (
    <>
      <DescriptionForm
        draft={editor.draft}
        preview={editor.preview}
        error={editor.error}
        pending={edit.pending}
        onPreview={editor.setPreview}
        onType={editor.type}
        onCancel={close}
        onSubmit={editor.submit}
      />
      {conflict}
    </>
  );
}

/** The checklist of what "done" means: toggle, add and remove, each one PATCH with the version. */
export function AcceptanceCriteria({ task }: { task: Task }) {
  const [text, setText] = useState('');
  const [error, setError] = useState<string | undefined>();
  const edit = useTaskEdit(task);
  const inputId = useId();
  const { checked, total } = criteriaProgress(task);
  const criteria = task.acceptanceCriteria;

  const save = (change: TaskEdit, handlers?: { onError?: () => void }) => {
    const problem = checkEdit(task, change);
    if (problem) {
      setError(problem);
      handlers?.onError?.();
      return;
    }
    setError(undefined);
    edit.save(change, {
      onError: (failure) => {
        if (!isEditConflict(failure)) setError(describeError(failure));
        handlers?.onError?.();
      },
    });
  };

  return (
    <section aria-labelledby="criteria-heading">
      <div className="mb-2 flex items-center justify-between gap-3">
        <h2 id="criteria-heading" className="text-[13px] font-medium text-muted-foreground">
          Acceptance criteria
        </h2>
        {total > 0 ? (
          <span className="flex items-center gap-2 text-[12px] text-muted-foreground tabular-nums">
            <ProgressBar
              value={(checked / total) * 100}
              label={`${checked} of ${total} acceptance criteria checked`}
              className="w-24"
            />
            {checked}/{total}
          </span>
        ) : null}
      </div>
      {criteria.length > 0 ? (
        <CriteriaChecklist
          criteria={criteria}
          inputId={inputId}
          pending={edit.pending}
          onToggle={(index, checked) => save(criterionEdit(criteria, index, { checked }))}
          onRemove={(index) => save(criterionEdit(criteria, index, 'remove'))}
        />
      ) : (
        <p className="mb-2 text-sm text-muted-foreground">
          None yet. Say what has to be true for this task to be done; agents tick them as they go.
        </p>
      )}
      <form
        noValidate
        className="flex items-start gap-2"
        onSubmit={(event) => {
          event.preventDefault();
          if (!text.trim()) {
            setError('Write the criterion first.');
            return;
          }
          // The field empties at once, so the next criterion can be typed while this one saves; the
          // saves queue up (one task, one PATCH at a time), each on top of the one before.
          const entry = text.trim();
          setText('');
          save(criterionAdded(entry), { onError: () => setText((current) => current || entry) });
        }}
      >
        <div className="min-w-0 flex-1">
          <label htmlFor={`${inputId}-new`} className="sr-only">
            New acceptance criterion
          </label>
          <input
            id={`${inputId}-new`}
            value={text}
            maxLength={1000}
            placeholder="Add a criterion"
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${inputId}-error` : undefined}
            onChange={(event) => {
              setText(event.currentTarget.value);
              setError(undefined);
            }}
            className="h-8 w-full rounded-control border border-border bg-background px-2.5 text-[13px] text-foreground placeholder:text-muted-foreground/70 hover:border-border-strong focus-visible:border-accent aria-invalid:border-danger"
          />
          {error ? (
            <p id={`${inputId}-error`} className="mt-1 text-xs text-danger">
              {error}
            </p>
          ) : null}
        </div>
        <Button type="submit" variant="secondary" size="sm">
          <PlusIcon className="size-3.5" />
          Add
        </Button>
      </form>
      {checked === total && total > 0 ? (
        <p className="mt-2 flex items-center gap-1.5 text-[12px] text-success">
          <CheckIcon className="size-3.5" />
          Every criterion is checked.
        </p>
      ) : null}
      <TaskConflict edit={edit} />
    </section>
  );
}
