import { useSuspenseQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Suspense, useState } from 'react';
import { LayersIcon } from '../../components/icons';
import { Pending } from '../../components/pending';
import { AddButton } from '../../components/ui/add-button';
import { cn } from '../../components/ui/cn';
import { relativeTime } from '../../components/ui/format';
import { SettingsSection } from '../../components/ui/section';
import { useApi } from '../../hooks/use-api';
import { AccessNotice } from '../settings/access-notice';
import { TemplateDetail } from './template-detail';
import { type TemplateSummary, templatesQueryOptions } from './templates';
import { UploadTemplateDialog } from './upload-template-dialog';

/**
 * The organization's scaffolding templates: the list, and the chosen one (in the URL) with its methods
 * and a preview of what a method renders. Everyone reads and previews; owners and admins upload and
 * delete.
 */
export function TemplatesPanel({
  canManage,
  selected,
  selectedMethod,
  onSelect,
}: {
  canManage: boolean;
  selected: string | undefined;
  selectedMethod: string | undefined;
  onSelect: (name: string | undefined) => void;
}) {
  const api = useApi();
  const { data: templates } = useSuspenseQuery(templatesQueryOptions(api));
  const [uploading, setUploading] = useState(false);
  const chosen = templates.find((template) => template.name === selected) ?? templates[0];

  return (
    <>
      <SettingsSection
        title="Templates"
        description={
          templates.length === 0
            ? 'No templates yet. A template is a folder with a scaffold.yaml (AgiFlow’s format) and the files its boilerplates and features render; agents scaffold code from it the same way every time.'
            : 'Boilerplates start a project, features add files to one. Agents use them through the scaffold tools; a project names its template in its settings.'
        }
        actions={
          canManage ? <AddButton onClick={() => setUploading(true)}>Upload templates</AddButton> : null
        }
      >
        {!canManage ? (
          <AccessNotice resource="templates" className="mb-4">
            Only owners and admins upload and delete templates. You can read them and preview their methods.
          </AccessNotice>
        ) : null}
        {templates.length > 0 ? (
          <ul
            aria-label="Templates"
            className="flex flex-col divide-y divide-border rounded-control border border-border"
          >
            {templates.map((template) => (
              <TemplateRow key={template.name} template={template} current={template.name === chosen?.name} />
            ))}
          </ul>
        ) : null}
      </SettingsSection>
      {chosen ? (
        <Suspense fallback={<Pending label={`Loading ${chosen.name}…`} />}>
          <TemplateDetail
            key={chosen.name}
            summary={chosen}
            canManage={canManage}
            selectedMethod={chosen.name === selected ? selectedMethod : undefined}
            onDeleted={() => onSelect(undefined)}
          />
        </Suspense>
      ) : null}
      <UploadTemplateDialog
        open={uploading}
        onClose={() => setUploading(false)}
        existing={templates.map((template) => template.name)}
        onUploaded={onSelect}
      />
    </>
  );
}

function TemplateRow({ template, current }: { template: TemplateSummary; current: boolean }) {
  return (
    <li aria-label={template.name}>
      <Link
        to="/dashboard/settings/organization/templates"
        search={{ template: template.name }}
        aria-current={current ? 'true' : undefined}
        className={cn(
          'flex flex-wrap items-center gap-3 px-4 py-2.5 transition-colors hover:bg-subtle/60',
          current && 'bg-subtle/60',
        )}
      >
        <LayersIcon aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />
        <span className="min-w-0 flex-1 font-mono text-[13px] font-semibold text-foreground">
          {template.name}
        </span>
        <span className="text-[12px] text-muted-foreground" title={template.updatedAt}>
          {relativeTime(template.updatedAt)}
        </span>
      </Link>
    </li>
  );
}
