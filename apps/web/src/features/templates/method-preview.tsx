import type { ScaffoldMethodSummary } from '@switchboard/api-client/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { Badge } from '../../components/ui/badge';
import { FormError } from '../../components/ui/form-error';
import { useApi } from '../../hooks/use-api';
import { retryUnlessClientError } from '../../lib/api';
import { describeError } from '../../lib/error-messages';
import { previewTemplate, templateKeys, variableErrorsOf } from './templates';
import { useDebounced } from './use-debounced';
import { useTouchedErrors } from './use-touched-errors';
import { initialDraft, type VariableDraft, variableFields, variablesOf } from './variable-fields';
import { VariablesForm } from './variables-form';

/** How long typing pauses before the preview is asked for again. */
const PREVIEW_DELAY_MS = 300;

/**
 * A method's variables form beside what it renders: each change (after a pause) asks the server to
 * render the method, and its refusals are shown at the fields they name.
 */
export function MethodPreview({
  templateName,
  templateVersion,
  method,
}: {
  templateName: string;
  templateVersion: number;
  method: ScaffoldMethodSummary;
}) {
  const api = useApi();
  const fields = useMemo(() => variableFields(method.variablesSchema), [method]);
  const [draft, setDraft] = useState<VariableDraft>(() => initialDraft(method.variablesSchema));
  const variables = useDebounced(
    useMemo(() => variablesOf(fields, draft), [fields, draft]),
    PREVIEW_DELAY_MS,
  );
  const preview = useQuery({
    queryKey: [...templateKeys.detail(templateName), 'preview', templateVersion, method.name, variables],
    queryFn: ({ signal }) => previewTemplate(api, templateName, { method: method.name, variables }, signal),
    placeholderData: keepPreviousData,
    retry: retryUnlessClientError,
  });
  const fieldErrors = preview.error ? variableErrorsOf(preview.error) : {};
  const formError =
    preview.error && Object.keys(fieldErrors).every((name) => name === '_form')
      ? (fieldErrors._form ?? describeError(preview.error))
      : undefined;
  const touched = useTouchedErrors(fieldErrors);
  // A refused preview keeps showing the last good one, marked as such, so the page does not jump.
  const shown = preview.data;

  return (
    <div className="grid gap-5 lg:grid-cols-[minmax(0,18rem)_minmax(0,1fr)]">
      <div className="flex flex-col gap-3">
        {method.description ? (
          <p className="text-[13px] whitespace-pre-line text-muted-foreground">{method.description}</p>
        ) : null}
        <VariablesForm
          fields={fields}
          draft={draft}
          errors={touched.errors}
          onChange={setDraft}
          onTouch={touched.touch}
        />
      </div>
      <section aria-label="Preview" aria-busy={preview.isFetching} className="flex min-w-0 flex-col gap-3">
        <FormError>{formError}</FormError>
        {preview.error && shown ? (
          <p className="text-[12px] text-muted-foreground">Showing the last preview that rendered.</p>
        ) : null}
        {shown ? (
          <>
            {shown.warnings.map((warning) => (
              <p key={warning} role="status" className="text-[13px] text-muted-foreground">
                Warning: {warning}
              </p>
            ))}
            {shown.files.length === 0 ? (
              <p className="text-[13px] text-muted-foreground">With these variables, no file is written.</p>
            ) : (
              <ul aria-label="Rendered files" className="flex flex-col gap-3">
                {shown.files.map((file) => (
                  <li key={file.path} aria-label={file.path} className="rounded-control border border-border">
                    <div className="flex items-center gap-2 border-b border-border bg-subtle/60 px-3 py-1.5">
                      <span className="font-mono text-[12px] font-semibold text-foreground">{file.path}</span>
                    </div>
                    <pre className="max-h-80 overflow-auto px-3 py-2 font-mono text-[12px] leading-5 text-foreground">
                      {file.content}
                    </pre>
                  </li>
                ))}
              </ul>
            )}
            {shown.instruction.trim() ? (
              <div className="rounded-control border border-border px-3 py-2">
                <div className="mb-1 flex items-center gap-2 text-[12px] font-medium text-foreground">
                  Instruction <Badge>for the agent</Badge>
                </div>
                <p className="text-[13px] whitespace-pre-line text-muted-foreground">{shown.instruction}</p>
              </div>
            ) : null}
          </>
        ) : preview.isPending ? (
          <p className="text-[13px] text-muted-foreground">Rendering…</p>
        ) : touched.unfilled.length > 0 ? (
          <p className="text-[13px] text-muted-foreground">
            Fill in {touched.unfilled.join(', ')} to see the files it writes.
          </p>
        ) : null}
      </section>
    </div>
  );
}
