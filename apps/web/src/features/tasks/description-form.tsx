import { TASK_LIMITS } from '@switchboard/api-client/contract';
import type { FormEvent } from 'react';
import { Button } from '../../components/ui/button';
import { cn } from '../../components/ui/cn';
import { TextArea } from '../../components/ui/field';
import { LengthCounter } from '../../components/ui/length-counter';
import { Markdown } from '../../components/ui/markdown';

/** The description's editor: write markdown or preview it, then save or cancel. */
export function DescriptionForm({
  draft,
  preview,
  error,
  pending,
  onPreview,
  onType,
  onCancel,
  onSubmit,
}: {
  draft: string;
  preview: boolean;
  error: string | undefined;
  pending: boolean;
  onPreview: (preview: boolean) => void;
  onType: (text: string) => void;
  onCancel: () => void;
  onSubmit: (event: FormEvent) => void;
}) {
  return (
    <form onSubmit={onSubmit} noValidate aria-label="Edit description" className="flex flex-col gap-2">
      <div className="flex items-center gap-1" role="tablist" aria-label="Description editor">
        <Button
          variant="ghost"
          size="sm"
          role="tab"
          aria-selected={!preview}
          className={cn(!preview && 'bg-subtle text-foreground')}
          onClick={() => onPreview(false)}
        >
          Write
        </Button>
        <Button
          variant="ghost"
          size="sm"
          role="tab"
          aria-selected={preview}
          className={cn(preview && 'bg-subtle text-foreground')}
          onClick={() => onPreview(true)}
        >
          Preview
        </Button>
      </div>
      {preview ? (
        <div className="min-h-40 rounded-control border border-border p-3">
          {draft.trim() ? (
            <Markdown source={draft} />
          ) : (
            <p className="text-sm text-muted-foreground">Nothing yet.</p>
          )}
        </div>
      ) : (
        <TextArea
          label="Description"
          hideLabel
          value={draft}
          rows={10}
          autoFocus
          maxLength={100_000}
          className="[&_textarea]:font-mono [&_textarea]:text-[13px]"
          placeholder="Markdown: **bold**, `code`, - [ ] lists, ```code blocks```"
          error={error}
          onChange={(event) => onType(event.currentTarget.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter' && (event.metaKey || event.ctrlKey))
              event.currentTarget.form?.requestSubmit();
            if (event.key === 'Escape') onCancel();
          }}
        />
      )}
      <LengthCounter text={draft} limit={TASK_LIMITS.description} />
      {preview && error ? <p className="text-xs text-danger">{error}</p> : null}
      <div className="flex justify-end gap-2">
        <Button variant="secondary" size="sm" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" size="sm" disabled={pending}>
          {pending ? 'Saving…' : 'Save'}
        </Button>
      </div>
    </form>
  );
}
