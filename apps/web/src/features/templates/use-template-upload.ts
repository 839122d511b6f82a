import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type ChangeEvent, useState } from 'react';
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
 * The upload dialog's state: the templates found in what was picked (or why none could be read), and
 * uploading them one by one, each template's outcome kept for the list when any was refused.
 */
export function useTemplateUpload({
  existing,
  onClose,
  onUploaded,
}: {
  existing: readonly string[];
  onClose: () => void;
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

  return { found, readError, outcomes, close, pick, upload };
}
