import { createCommentSchema } from '@switchboard/api-client/contract';
import { useSuspenseQuery } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { toast } from 'sonner';
import { MessageComposer } from '../../components/ui/message-composer';
import { useApi } from '../../hooks/use-api';
import { useStoredDraft } from '../../hooks/use-stored-draft';
import { fieldErrorsFrom } from '../../lib/api';
import { describeError } from '../../lib/error-messages';
import { sessionQueryOptions } from '../../lib/session';
import { CommentItem } from './comment-item';
import { commentsQueryOptions } from './tasks';
import { useMentionDirectory } from './use-mention-directory';
import { useCreateComment } from './use-task-mutations';

const dashboardRoute = getRouteApi('/dashboard');

/**
 * The task chat: people and agents talk about the task, in markdown, and @mention each other. New,
 * edited and deleted comments from anyone arrive live (tasks-realtime.ts patches the same query).
 */
export function CommentThread({ taskId }: { taskId: string }) {
  const api = useApi();
  const { authClient } = dashboardRoute.useRouteContext();
  const { data: comments } = useSuspenseQuery(commentsQueryOptions(api, taskId));
  const { data: session } = useSuspenseQuery(sessionQueryOptions(authClient));
  const mentions = useMentionDirectory();
  const myId = session?.user.id;
  // Kept in this browser until posted, so a reload or another page loses nothing typed.
  const [stored, store] = useStoredDraft<string>(`comment:${taskId}`);
  const body = stored ?? '';
  const setBody = (text: string) => store(text === '' ? undefined : text);
  // Set at once on submit: a second Enter before the answer must not post the comment twice.
  const posting = useRef(false);
  const [error, setError] = useState<string | undefined>();
  const create = useCreateComment(taskId);
  const endRef = useRef<HTMLDivElement>(null);
  const count = comments.length;
  const now = new Date();

  // A new message scrolls into view, like any chat; the first render does not jump.
  const seen = useRef(count);
  useEffect(() => {
    if (count > seen.current) endRef.current?.scrollIntoView({ block: 'nearest', behavior: 'smooth' });
    seen.current = count;
  }, [count]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (posting.current) return;
    const parsed = createCommentSchema.safeParse({ body });
    if (!parsed.success) {
      setError(fieldErrorsFrom(parsed.error).body ?? 'Write something first.');
      return;
    }
    setError(undefined);
    posting.current = true;
    create.mutate(parsed.data.body, {
      onSettled: () => {
        posting.current = false;
      },
      onSuccess: () => setBody(''),
      onError: (failure) => {
        const message = fieldErrorsFrom(failure).body ?? describeError(failure);
        setError(message);
        toast.error('Your comment was not posted', { description: message });
      },
    });
  };

  return (
    <section aria-labelledby="chat-heading">
      <h2 id="chat-heading" className="mb-3 text-[13px] font-medium text-muted-foreground">
        Task chat {count > 0 ? <span className="tabular-nums">({count})</span> : null}
      </h2>
      {count === 0 ? (
        <p className="mb-3 text-sm text-muted-foreground">
          No messages yet. Agents and people can talk here.
        </p>
      ) : (
        <ol aria-label="Comments" className="mb-4 flex flex-col gap-4">
          {comments.map((comment) => (
            <CommentItem
              key={comment.id}
              comment={comment}
              own={comment.author.type === 'user' && comment.author.id === myId}
              mentions={mentions}
              now={now}
            />
          ))}
        </ol>
      )}
      <div ref={endRef} />
      <form onSubmit={submit} noValidate className="flex flex-col gap-2">
        <MessageComposer
          label="Write a comment"
          hideLabel
          value={body}
          placeholder="Write a comment (markdown, @ to mention). Ctrl+Enter to send."
          error={error}
          onChange={(value) => {
            setBody(value);
            if (error) setError(undefined);
          }}
          sending={create.isPending}
          sendLabel="Comment"
          mentions={mentions}
        />
      </form>
    </section>
  );
}
