import { createPlanMessageSchema, type Plan } from '@switchboard/api-client/contract';
import { useMutation, useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { toast } from 'sonner';
import { Markdown } from '../../components/ui/markdown';
import { MessageComposer } from '../../components/ui/message-composer';
import { RelativeTime } from '../../components/ui/relative-time';
import { SelectField } from '../../components/ui/select';
import { useApi } from '../../hooks/use-api';
import { fieldErrorsFrom } from '../../lib/api';
import { describeError } from '../../lib/error-messages';
import { useMentionDirectory } from '../tasks/use-mention-directory';
import { addPlanMessage, planKeys, planMessagesQueryOptions, withMessage } from './plans';

/**
 * The plan's conversation: people and the proposing agent talk about the plan or one item. Messages
 * from anyone arrive live (plans.ts appends them from the event stream).
 */
export function PlanConversation({ plan }: { plan: Plan }) {
  const api = useApi();
  const queryClient = useQueryClient();
  const { data: messages } = useSuspenseQuery(planMessagesQueryOptions(api, plan.id));
  const mentions = useMentionDirectory();
  const [body, setBody] = useState('');
  const [item, setItem] = useState('');
  const [error, setError] = useState<string | undefined>();
  const endRef = useRef<HTMLDivElement>(null);
  const count = messages.length;
  const seen = useRef(count);
  useEffect(() => {
    if (count > seen.current) endRef.current?.scrollIntoView({ block: 'nearest', behavior: 'smooth' });
    seen.current = count;
  }, [count]);

  const send = useMutation({
    mutationFn: (input: { body: string; item?: string }) => addPlanMessage(api, plan.id, input),
    onSuccess: (message) => {
      queryClient.setQueryData(planKeys.messages(plan.id), (known: typeof messages | undefined) =>
        withMessage(known ?? [], message),
      );
      setBody('');
    },
    onError: (failure) => {
      const message = fieldErrorsFrom(failure).body ?? describeError(failure);
      setError(message);
      toast.error('Your message was not sent', { description: message });
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = createPlanMessageSchema.safeParse({ body, ...(item ? { item } : {}) });
    if (!parsed.success) {
      setError(fieldErrorsFrom(parsed.error).body ?? 'Write something first.');
      return;
    }
    setError(undefined);
    send.mutate(parsed.data);
  };

  return (
    <section aria-labelledby="plan-chat-heading" className="flex flex-col gap-3">
      <h2 id="plan-chat-heading" className="text-[13px] font-medium text-muted-foreground">
        Conversation {count > 0 ? <span className="tabular-nums">({count})</span> : null}
      </h2>
      {count === 0 ? (
        <p className="text-sm text-muted-foreground">
          No messages yet. Ask the agent to change something, or comment on one item.
        </p>
      ) : (
        <ol aria-label="Plan messages" className="flex max-h-[60vh] flex-col gap-3 overflow-y-auto">
          {messages.map((message) => (
            <li key={message.id} className="text-[13px]">
              <p className="flex flex-wrap items-baseline gap-2 text-[12px] text-muted-foreground">
                <span className="font-medium text-foreground">{message.author.name}</span>
                {message.author.type === 'agent' ? <span>agent</span> : null}
                {message.itemKey ? <span className="font-mono">on {message.itemKey}</span> : null}
                <RelativeTime value={message.createdAt} />
              </p>
              <Markdown source={message.body} breaks mentions={mentions} className="mt-0.5" />
            </li>
          ))}
        </ol>
      )}
      <div ref={endRef} />
      <form onSubmit={submit} noValidate className="flex flex-col gap-2">
        <SelectField
          label="About"
          value={item}
          onChange={(event) => setItem(event.currentTarget.value)}
          options={[
            { value: '', label: 'The whole plan' },
            ...plan.items.map((entry) => ({ value: entry.key, label: `${entry.key} · ${entry.title}` })),
          ]}
        />
        <MessageComposer
          label="Write a message"
          hideLabel
          value={body}
          placeholder="Write to the agent (markdown, @ to mention). Ctrl+Enter to send."
          error={error}
          onChange={(value) => {
            setBody(value);
            if (error) setError(undefined);
          }}
          sending={send.isPending}
          sendLabel="Send"
          mentions={mentions}
        />
      </form>
    </section>
  );
}
