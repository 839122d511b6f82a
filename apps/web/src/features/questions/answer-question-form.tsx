import { answerQuestionSchema, type Question } from '@switchboard/api-client/contract';
import { type FormEvent, useId, useState } from 'react';
import { toast } from 'sonner';
import { MessageComposer } from '../../components/ui/message-composer';
import { fieldErrorsFrom } from '../../lib/api';
import { describeError } from '../../lib/error-messages';
import { useAnswerQuestion } from './use-answer-question';

/**
 * The answer to an agent's question: sent, it is posted on the task as the person's comment and the
 * waiting agent carries on.
 */
export function AnswerQuestionForm({
  question,
  compact = false,
  onAnswered,
}: {
  question: Pick<Question, 'id' | 'agentName' | 'taskKey'>;
  compact?: boolean;
  /** Called once the answer is stored, e.g. to mark the inbox entry that asked read. */
  onAnswered?: () => void;
}) {
  const [answer, setAnswer] = useState('');
  const [error, setError] = useState<string | undefined>();
  const send = useAnswerQuestion(question);
  const labelId = useId();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = answerQuestionSchema.safeParse({ answer });
    if (!parsed.success) {
      setError(fieldErrorsFrom(parsed.error).answer ?? 'Write an answer first.');
      return;
    }
    setError(undefined);
    send.mutate(parsed.data.answer, {
      onSuccess: () => {
        setAnswer('');
        toast.success(`${question.agentName} has your answer`);
        onAnswered?.();
      },
      onError: (failure) => {
        const message = fieldErrorsFrom(failure).answer ?? describeError(failure);
        setError(message);
        toast.error('Your answer was not sent', { description: message });
      },
    });
  };

  return (
    <form onSubmit={submit} noValidate aria-labelledby={labelId} className="flex flex-col gap-2">
      <span id={labelId} className="sr-only">
        Answer {question.agentName} on {question.taskKey}
      </span>
      <MessageComposer
        label={`Your answer to ${question.agentName}`}
        hideLabel={compact}
        value={answer}
        rows={compact ? 2 : 3}
        placeholder="Your answer (markdown). Ctrl+Enter to send."
        error={error}
        onChange={(value) => {
          setAnswer(value);
          if (error) setError(undefined);
        }}
        sending={send.isPending}
        sendLabel="Send answer"
      />
    </form>
  );
}
