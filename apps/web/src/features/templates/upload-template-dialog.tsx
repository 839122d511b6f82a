import { Dialog, DialogFooter } from '../../components/ui/dialog';
import { useTemplateUpload } from './use-template-upload';

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
  const { found, readError, outcomes, close, pick, upload } = useTemplateUpload({
    existing,
    onClose,
    onUploaded,
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
