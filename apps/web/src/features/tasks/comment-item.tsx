import { type Comment, type MentionDirectory, updateCommentSchema } from '@switchboard/api-client/contract';
import { type FormEvent, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { Markdown } from '../../components/ui/markdown';
import { MessageComposer } from '../../components/ui/message-composer';
import { RelativeTime } from '../../components/ui/relative-time';
import { fieldErrorsFrom } from '../../lib/api';
import { describeError } from '../../lib/error-messages';
import { ActorAvatar } from './indicators';
import { useDeleteComment, useUpdateComment } from './use-comment-edits';

export interface CommentItemProps {
  comment: Comment;
  /** The author is the signed-in person: they may edit and delete it (an agent's comment, never). */
  own: boolean;
  mentions: MentionDirectory;
  now: Date;
}

/** One of the small text buttons (Edit, Delete) in the author's own comment header. */
function CommentAction({ onClick, children }: { onClick: () => void; children: string }) {
  return (
    <Button variant="ghost" size="sm" className="h-6 px-1.5 text-[12px]" onClick={onClick}>
      {children}
    </Button>
  );
}

/** One message of the task chat; its author can rewrite it in place or delete it. */
export function CommentItem({ comment, own, mentions, now }: CommentItemProps) {
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const remove = useDeleteComment(comment);

  return (
    <li className="group flex gap-3">
      <ActorAvatar actor={comment.author} className="mt-0.5 size-6 text-[10px]" />
      <article className="min-w-0 flex-1" aria-label={`${comment.author.name}'s comment`}>
        <header className="flex items-baseline gap-2">
          <span className="text-[13px] font-medium text-foreground">{comment.author.name}</span>
          {comment.author.type === 'agent' ? (
            <span className="text-[11px] text-muted-foreground">agent</span>
          ) : null}
          <RelativeTime value={comment.createdAt} now={now} className="text-[11px] text-muted-foreground" />
          {comment.editedAt ? (
            <span
              className="text-[11px] text-muted-foreground"
              title={`Edited ${new Date(comment.editedAt).toLocaleString()}`}
            >
              (edited)
            </span>
          ) : null}
          {own && !editing ? (
            <span className="ml-auto flex gap-1 opacity-70 group-focus-within:opacity-100 group-hover:opacity-100">
              <CommentAction onClick={() => setEditing(true)}>Edit</CommentAction>
              <CommentAction onClick={() => setConfirming(true)}>Delete</CommentAction>
            </span>
          ) : null}
        </header>
        {editing ? (
          <EditCommentForm comment={comment} mentions={mentions} onDone={() => setEditing(false)} />
        ) : (
          <Markdown source={comment.body} breaks mentions={mentions} className="mt-0.5" />
        )}
      </article>
      <ConfirmDialog
        open={confirming}
        onClose={() => setConfirming(false)}
        title="Delete this comment?"
        description="It disappears from the task chat for everyone. The activity log keeps that a comment was deleted, not what it said."
        confirmLabel="Delete comment"
        pendingLabel="Deleting…"
        pending={remove.isPending}
        onConfirm={() =>
          remove.mutate(undefined, {
            onSuccess: () => setConfirming(false),
            onError: (failure) =>
              toast.error('The comment was not deleted', { description: describeError(failure) }),
          })
        }
      />
    </li>
  );
}

function EditCommentForm({
  comment,
  mentions,
  onDone,
}: {
  comment: Comment;
  mentions: MentionDirectory;
  onDone: () => void;
}) {
  const [body, setBody] = useState(comment.body);
  const [error, setError] = useState<string | undefined>();
  const update = useUpdateComment(comment);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = updateCommentSchema.safeParse({ body });
    if (!parsed.success) {
      setError(fieldErrorsFrom(parsed.error).body ?? 'Write something first.');
      return;
    }
    if (parsed.data.body === comment.body) {
      onDone();
      return;
    }
    update.mutate(parsed.data.body, {
      onSuccess: onDone,
      onError: (failure) => {
        const message = fieldErrorsFrom(failure).body ?? describeError(failure);
        setError(message);
        toast.error('Your edit was not saved', { description: message });
      },
    });
  };

  return (
    <form onSubmit={submit} noValidate className="mt-1 flex flex-col gap-2">
      <MessageComposer
        label="Edit your comment"
        hideLabel
        value={body}
        placeholder="Your comment (markdown). Ctrl+Enter to save, Escape to cancel."
        error={error}
        onChange={(value) => {
          setBody(value);
          if (error) setError(undefined);
        }}
        sending={update.isPending}
        sendLabel="Save"
        mentions={mentions}
        onCancel={onDone}
        autoFocus
      />
    </form>
  );
}
