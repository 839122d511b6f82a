import type { ScaffoldMethodSummary } from '@switchboard/api-client/contract';
import { useSuspenseQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useMemo, useState } from 'react';
import { TrashIcon } from '../../components/icons';
import { Button } from '../../components/ui/button';
import { cn } from '../../components/ui/cn';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { SettingsSection } from '../../components/ui/section';
import { useApi } from '../../hooks/use-api';
import { downloadBlob } from '../architecture/download';
import { MethodPreview } from './method-preview';
import { templateFolderEntries } from './template-folder';
import { type TemplateSummary, templateQueryOptions } from './templates';
import { useDeleteTemplate } from './use-delete-template';
import { writeZip } from './zip';

/** The headings a template's methods are listed under: boilerplates start a project, features add to one. */
const METHOD_GROUPS: readonly { kind: ScaffoldMethodSummary['kind']; title: string }[] = [
  { kind: 'boilerplate', title: 'Boilerplates' },
  { kind: 'feature', title: 'Features' },
];

/** One template: its boilerplates and features, its files, and the chosen method's form and preview. */
export function TemplateDetail({
  summary,
  canManage,
  selectedMethod,
  onDeleted,
}: {
  summary: TemplateSummary;
  canManage: boolean;
  selectedMethod: string | undefined;
  onDeleted: () => void;
}) {
  const api = useApi();
  const { data: template } = useSuspenseQuery(templateQueryOptions(api, summary.name));
  // The server read the methods from scaffold.yaml when it saved it; the summary carries them.
  const methods = useMemo(() => [...summary.boilerplates, ...summary.features], [summary]);
  const method = methods.find((candidate) => candidate.name === selectedMethod);
  const [confirming, setConfirming] = useState(false);
  const remove = useDeleteTemplate(template.name, onDeleted);
  const paths = Object.keys(template.files).sort();

  const download = () =>
    downloadBlob(`${template.name}.zip`, writeZip(templateFolderEntries(template.name, template)));

  return (
    <>
      <SettingsSection
        id="template"
        title={template.name}
        description={`Version ${template.version}. Agents use its methods through the scaffold tools; switchboard scaffold add uses them from a terminal.`}
        actions={
          <>
            <Button variant="secondary" size="sm" onClick={download}>
              Download .zip
            </Button>
            {canManage ? (
              <Button
                variant="ghost"
                size="sm"
                className="hover:text-danger"
                onClick={() => setConfirming(true)}
                aria-label={`Delete ${template.name}`}
              >
                <TrashIcon className="size-3.5" />
                Delete
              </Button>
            ) : null}
          </>
        }
      >
        <div className="grid gap-5 md:grid-cols-2">
          {METHOD_GROUPS.map(({ kind, title }) => (
            <MethodList
              key={kind}
              title={title}
              template={template.name}
              methods={methods}
              kind={kind}
              selected={method?.name}
            />
          ))}
        </div>
        <details className="mt-4 text-[13px]">
          <summary className="cursor-pointer font-medium text-foreground">Files ({paths.length + 1})</summary>
          <ul
            aria-label="Template files"
            className="mt-2 flex flex-col gap-0.5 font-mono text-[12px] text-muted-foreground"
          >
            <li>scaffold.yaml</li>
            {paths.map((path) => (
              <li key={path}>{path}</li>
            ))}
          </ul>
        </details>
      </SettingsSection>
      {method ? (
        <SettingsSection
          id="method-preview"
          title={method.name}
          description={`A ${method.kind}: fill in its variables to see the files it renders. Nothing is written.`}
        >
          <MethodPreview
            key={`${template.name}:${template.version}:${method.name}`}
            templateName={template.name}
            templateVersion={template.version}
            method={method}
          />
        </SettingsSection>
      ) : null}
      <ConfirmDialog
        open={confirming}
        onClose={() => setConfirming(false)}
        title={`Delete ${template.name}?`}
        description="Agents and the CLI can no longer use its methods, and projects using it are left without a template."
        confirmLabel="Delete template"
        pendingLabel="Deleting…"
        pending={remove.isPending}
        onConfirm={() => remove.mutate()}
      />
    </>
  );
}

function MethodList({
  title,
  template,
  methods,
  kind,
  selected,
}: {
  title: string;
  template: string;
  methods: readonly ScaffoldMethodSummary[];
  kind: ScaffoldMethodSummary['kind'];
  selected: string | undefined;
}) {
  const shown = methods.filter((method) => method.kind === kind);
  return (
    <div>
      <h3 className="mb-2 text-[13px] font-semibold text-foreground">{title}</h3>
      {shown.length === 0 ? (
        <p className="text-[13px] text-muted-foreground">None.</p>
      ) : (
        <ul
          aria-label={title}
          className="flex flex-col divide-y divide-border rounded-control border border-border"
        >
          {shown.map((method) => (
            <li key={method.name}>
              <Link
                to="/dashboard/settings/organization/templates"
                search={{ template, method: method.name }}
                aria-current={method.name === selected ? 'true' : undefined}
                className={cn(
                  'block px-3 py-2 transition-colors hover:bg-subtle/60',
                  method.name === selected && 'bg-subtle/60',
                )}
              >
                <span className="block font-mono text-[13px] font-semibold text-foreground">
                  {method.name}
                </span>
                <span className="block truncate text-[12px] text-muted-foreground">
                  {method.description?.split('\n')[0] || method.kind}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
