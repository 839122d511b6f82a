import { useState } from 'react';
import { Button } from './button';
import { Dialog } from './dialog';
import { TextArea } from './field';

/** One of the two texts, as written (long words wrap; nothing is rendered as markdown). */
function Version({ heading, text }: { heading: string; text: string }) {
  return (
    <section aria-label={heading} className="flex min-w-0 flex-col gap-1">
      <h3 className="text-[12px] font-medium text-muted-foreground">{heading}</h3>
      <pre className="max-h-48 overflow-auto rounded-control border border-border bg-subtle/40 p-2 font-sans text-[13px] whitespace-pre-wrap [overflow-wrap:anywhere]">
        {text === '' ? <span className="text-muted-foreground">(empty)</span> : text}
      </pre>
    </section>
  );
}

/**
 * Someone else saved the same text while this person was editing it. Both texts are shown and the
 * person chooses: keep theirs, take the other, or merge the two by hand. Closing takes the other text
 * as well; what the person wrote is still in this dialog until they choose.
 */
export function ConflictDialog({
  label,
  mine,
  theirs,
  onKeepMine,
  onTakeTheirs,
  mergeable = true,
}: {
  label: string;
  mine: string;
  theirs: string;
  /** Saves `text`: the person's own, or their merge of the two. */
  onKeepMine: (text: string) => void;
  onTakeTheirs: () => void;
  /** Whether the two can be merged by hand (a text), or only one or the other kept (a choice). */
  mergeable?: boolean;
}) {
  const [merging, setMerging] = useState(false);
  const [merged, setMerged] = useState(mine);
  return (
    <Dialog
      open
      onClose={onTakeTheirs}
      title={`${label} was changed by someone else`}
      description="Your edit began before their change was saved, so nothing was overwritten. Choose what to keep."
      className="w-[min(44rem,calc(100vw-2rem))]"
    >
      <div className="grid gap-3 sm:grid-cols-2">
        <Version heading="Your version" text={mine} />
        <Version heading="Saved meanwhile" text={theirs} />
      </div>
      {merging ? (
        <form
          noValidate
          aria-label="Merge by hand"
          className="flex flex-col gap-2"
          onSubmit={(event) => {
            event.preventDefault();
            onKeepMine(merged);
          }}
        >
          <TextArea
            label="Merged text"
            value={merged}
            rows={6}
            onChange={(event) => setMerged(event.currentTarget.value)}
          />
          <div className="flex justify-end gap-2">
            <Button variant="secondary" onClick={() => setMerging(false)}>
              Back
            </Button>
            <Button type="submit">Save merged text</Button>
          </div>
        </form>
      ) : (
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="secondary" onClick={onTakeTheirs}>
            Take theirs
          </Button>
          {mergeable ? (
            <Button variant="secondary" onClick={() => setMerging(true)}>
              Merge by hand
            </Button>
          ) : null}
          <Button onClick={() => onKeepMine(mine)}>Keep mine</Button>
        </div>
      )}
    </Dialog>
  );
}
