import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type ChangeEvent, useState } from 'react';
import { Dialog, DialogFooter } from '../../components/ui/dialog';
import { useApi } from '../../hooks/use-api';
import { describeError } from '../../lib/error-messages';
import { type FoundTemplate, templatesInFolder } from './template-folder';
import { templateKeys, uploadTemplate } from './templates';
import { readZip, type ZipEntry } from './zip';

type Outcome = { name: string; error?: string };

/** The files picked (a folder, or a .zip), as paths relative to what was picked. */
async function entriesOf(files: FileList): Promise<ZipEntry[]> {
  const list = [...files];
  const zips = list.filter((file) => file.name.toLowerCase().endsWith('.zip'));
  const entries: ZipEntry[] = [];
  for (const zip of zips) entries.push(...readZip(await zip.arrayBuffer()));
  for (const file of list) {
    if (zips.includes(file)) continue;
    entries.push({ path: file.webkitRelativePath || file.name, content: await file.text() });
  }
  return entries;
}

/**
 * Uploads templates from a folder (AgiFlow's templates/<name>/scaffold.yaml layout, or one template's
 * folder) or a .zip of one: each folder with a scaffold.yaml becomes the template of its name,
 * replacing the one of that name. The server checks each; their refusals are listed one by one.
 */
export function UploadTemplateDialog({
  open,
  onClose,
  existing,
  onUploaded,
}: {
  open: boolean;
  onClose: () => void;
  /** Names the organization already has: those are replaced. */
  existing: readonly string[];
  onUploaded: (name: string) => void;
}) {
  const api = useApi();
  const queryClient = useQueryClient();
  const [found, setFound] = useState<FoundTemplate[]>([]);
  const [readError, setReadError] = useState<string>();
  const [outcomes, setOutcomes] = useState<Outcome[]>([]);

  const close = () => {
    setFound([]);
    setReadError(undefined);
    setOutcomes([]);
    onClose();
  };

  const pick = async (event: ChangeEvent<HTMLInputElement>) => {
    setOutcomes([]);
    setReadError(undefined);
    const files = event.target.files;
    if (!files || files.length === 0) return;
    try {
      const templates = templatesInFolder(await entriesOf(files));
      setFound(templates);
      if (templates.length === 0)
        setReadError(
          'No scaffold.yaml found: pick a templates folder, a template’s folder or a .zip of one.',
        );
    } catch (error) {
      setFound([]);
      setReadError(error instanceof Error ? error.message : String(error));
    }
  };

  const upload = useMutation({
    mutationFn: async (templates: FoundTemplate[]) => {
      const results: Outcome[] = [];
      // One after another, each on its own: one refusal does not stop the others.
      for (const template of templates) {
        try {
          await uploadTemplate(api, template.name, template, existing.includes(template.name));
          results.push({ name: template.name });
        } catch (error) {
          results.push({ name: template.name, error: describeError(error) });
        }
      }
      return results;
    },
    onSuccess: (results) => {
      void queryClient.invalidateQueries({ queryKey: templateKeys.all });
      const saved = results.filter((result) => !result.error);
      if (saved.length === results.length && saved[0]) {
        onUploaded(saved[0].name);
        close();
      } else setOutcomes(results);
    },
  });

  return (
    <Dialog
      open={open}
      onClose={close}
      title="Upload templates"
      description="Pick a folder in AgiFlow’s layout (templates/<name>/scaffold.yaml with the template’s files), one template’s folder, or a .zip of either. A template of the same name is replaced."
    >
      <form
        className="flex flex-col gap-4"
        onSubmit={(event) => {
          event.preventDefault();
          if (found.length > 0) upload.mutate(found);
        }}
      >
        <div className="flex flex-col gap-2 text-[13px]">
          <label className="flex flex-col gap-1">
            <span className="font-medium text-foreground">Template folder</span>
            <input
              type="file"
              multiple
              // React does not know these attributes; browsers need both to pick a folder.
              {...{ webkitdirectory: '', directory: '' }}
              onChange={(event) => void pick(event)}
            />
          </label>
          <label className="flex flex-col gap-1">
            <span className="font-medium text-foreground">Or a .zip</span>
            <input type="file" accept=".zip,application/zip" onChange={(event) => void pick(event)} />
          </label>
        </div>
        {found.length > 0 ? (
          <ul aria-label="Templates found" className="flex flex-col gap-1 text-[13px]">
            {found.map((template) => {
              const outcome = outcomes.find((result) => result.name === template.name);
              return (
                <li key={template.name}>
                  <span className="font-mono font-semibold">{template.name}</span>{' '}
                  <span className="text-muted-foreground">
                    {Object.keys(template.files).length} files
                    {existing.includes(template.name) ? ' · replaces the saved one' : ' · new'}
                  </span>
                  {outcome ? (
                    <span className={outcome.error ? 'block text-danger' : 'block text-success'}>
                      {outcome.error ?? 'Uploaded.'}
                    </span>
                  ) : null}
                </li>
              );
            })}
          </ul>
        ) : null}
        <DialogFooter
          onCancel={close}
          cancelLabel={outcomes.length > 0 ? 'Close' : 'Cancel'}
          actionLabel={found.length > 1 ? `Upload ${found.length} templates` : 'Upload'}
          pendingLabel="Uploading…"
          pending={upload.isPending}
          disabled={found.length === 0}
          error={readError}
        />
      </form>
    </Dialog>
  );
}
