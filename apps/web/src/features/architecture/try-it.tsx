import type { ReviewResultJson } from '@switchboard/api-client/contract';
import { type FormEvent, useState } from 'react';
import { Button } from '../../components/ui/button';
import { cn } from '../../components/ui/cn';
import { Field, TextArea, VERBATIM_INPUT } from '../../components/ui/field';
import { FindingRow } from './finding-row';
import { SeverityBadge } from './severity-badge';

/** The file and the diff are code: a fixed-width face, a size smaller, as in the rule set's editor. */
const CODE_AREA = '[&_textarea]:font-mono [&_textarea]:text-[12px] [&_textarea]:leading-5';

export interface TrialInput {
  filePath: string;
  content: string;
  diff?: string;
}

/**
 * "Try it": a path and a file's content reviewed against the saved rule set, as an agent's change
 * would be, without recording anything.
 */
export function TryIt({
  onReview,
  outcome,
  pending,
  error,
}: {
  onReview: (input: TrialInput) => void;
  /** The last review's answer, shown until the next one. */
  outcome: ReviewResultJson | undefined;
  pending: boolean;
  error?: string;
}) {
  const [filePath, setFilePath] = useState('');
  const [content, setContent] = useState('');
  const [diff, setDiff] = useState('');
  const [pathError, setPathError] = useState<string>();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!filePath.trim()) {
      setPathError('Name the file, e.g. src/routes/users.ts: the rules apply by path.');
      return;
    }
    setPathError(undefined);
    onReview({ filePath: filePath.trim(), content, diff: diff.trim() ? diff : undefined });
  };

  return (
    <div className="flex flex-col gap-4">
      <form onSubmit={submit} noValidate className="flex flex-col gap-3">
        <Field
          label="File path"
          value={filePath}
          placeholder="src/routes/users.ts"
          {...VERBATIM_INPUT}
          error={pathError}
          className="[&_input]:font-mono"
          onChange={(event) => setFilePath(event.currentTarget.value)}
        />
        <TextArea
          label="File content"
          value={content}
          rows={8}
          {...VERBATIM_INPUT}
          className={CODE_AREA}
          onChange={(event) => setContent(event.currentTarget.value)}
        />
        <details>
          <summary className="cursor-pointer text-[12px] text-muted-foreground select-none hover:text-foreground">
            Diff (optional)
          </summary>
          <TextArea
            label="Unified diff"
            hint="With a diff, forbid and forbidImport look only at the added lines."
            value={diff}
            rows={5}
            {...VERBATIM_INPUT}
            className={cn('mt-2', CODE_AREA)}
            onChange={(event) => setDiff(event.currentTarget.value)}
          />
        </details>
        <div className="flex items-center justify-end gap-3">
          {error ? (
            <p role="alert" className="mr-auto text-[13px] text-danger">
              {error}
            </p>
          ) : null}
          <Button type="submit" variant="secondary" size="sm" disabled={pending}>
            {pending ? 'Reviewing…' : 'Review'}
          </Button>
        </div>
      </form>
      {outcome && !pending && !error ? <TrialReport review={outcome} /> : null}
    </div>
  );
}

function TrialReport({ review }: { review: ReviewResultJson }) {
  const issues = review.identified_issues;
  const matchedPatterns = review.matched_patterns;
  return (
    <section aria-label="Review result" className="flex flex-col gap-3 text-[13px]">
      <p className={review.fix_required ? 'font-medium text-danger' : 'font-medium text-success'}>
        {review.fix_required
          ? 'Fix required: an agent could not finish a task with this file.'
          : issues.length > 0
            ? 'No fix required, but there are findings.'
            : 'No findings from the machine checks.'}
      </p>
      <div>
        <p className="text-[12px] font-medium text-muted-foreground">Matched design patterns</p>
        {matchedPatterns.length === 0 ? (
          <p className="text-muted-foreground">None: no pattern includes this path.</p>
        ) : (
          <ul aria-label="Matched design patterns" className="mt-1 flex flex-wrap gap-1.5">
            {matchedPatterns.map((pattern) => (
              <li key={pattern.name} className="rounded-control border border-border bg-subtle px-2 py-0.5">
                <span className="font-mono text-[12px] text-foreground">{pattern.name}</span>{' '}
                <span className="text-muted-foreground">{pattern.design_pattern}</span>
              </li>
            ))}
          </ul>
        )}
      </div>
      {issues.length > 0 ? (
        <ul aria-label="Findings" className="divide-y divide-border rounded-control border border-border">
          {issues.map((issue, index) => (
            // One rule can be broken on several lines, or twice without one: the order tells them apart.
            // biome-ignore lint/suspicious/noArrayIndexKey: a review's findings never reorder.
            <FindingRow key={index} finding={issue} />
          ))}
        </ul>
      ) : null}
      {review.not_checked.length > 0 ? (
        <div>
          <p className="text-[12px] font-medium text-muted-foreground">
            Not checked: the agent judges these rules itself
          </p>
          <ul aria-label="Not checked" className="mt-1 flex flex-col gap-1">
            {review.not_checked.map((entry) => (
              <li
                key={`${entry.pattern}:${entry.type}:${entry.rule}:${entry.check}`}
                className="flex items-start gap-2"
              >
                <SeverityBadge severity={entry.severity} className="mt-px" />
                <span className="text-foreground">
                  {entry.rule} <span className="text-muted-foreground">— {entry.reason}</span>
                </span>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {review.rules_to_self_check.length > 0 ? (
        <details>
          <summary className="cursor-pointer text-[12px] text-muted-foreground select-none hover:text-foreground">
            {review.rules_to_self_check.length} rules the agent judges itself
          </summary>
          <ul aria-label="Rules to self-check" className="mt-1 flex flex-col gap-1">
            {review.rules_to_self_check.map((rule) => (
              <li key={`${rule.pattern}:${rule.type}:${rule.rule}`} className="flex items-start gap-2">
                <SeverityBadge severity={rule.severity} className="mt-px" />
                <span className="text-foreground">{rule.rule}</span>
              </li>
            ))}
          </ul>
        </details>
      ) : null}
    </section>
  );
}
