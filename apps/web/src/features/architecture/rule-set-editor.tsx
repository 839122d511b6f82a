import type { YamlError } from '@switchboard/architecture';
import { type FormEvent, useState } from 'react';
import { Button } from '../../components/ui/button';
import { RuleSetContents } from './rule-set-contents';
import type { RuleSetFiles } from './rule-sets';
import { useYamlCheck } from './use-yaml-check';
import { YamlFileField } from './yaml-file-field';

/** What the server found wrong in a save, per file, and for which text. */
export interface SaveProblems {
  sent: RuleSetFiles;
  architect: YamlError[];
  rules: YamlError[];
}

/** The server's copy of the files, and the rule set version it belongs to. */
export interface SavedFiles extends RuleSetFiles {
  version: number;
}

export interface RuleSetEditorProps {
  saved: SavedFiles;
  canEdit: boolean;
  /** `version` is the one the draft started from, so a save over someone else's is refused. */
  onSave: (files: RuleSetFiles, version: number) => void;
  saving: boolean;
  /** The server's refusal of the last save, by line; shown while the text is still what was sent. */
  saveProblems?: SaveProblems;
  /** A failed save that is not about a line. */
  saveError?: string;
  /** The version this person's last successful save made: the editor then shows what the server kept. */
  ownSaveVersion?: number;
}

const sameFiles = (a: RuleSetFiles, b: RuleSetFiles) =>
  a.architectYaml === b.architectYaml && a.rulesYaml === b.rulesYaml;

const filesIn = ({ architectYaml, rulesYaml }: RuleSetFiles): RuleSetFiles => ({ architectYaml, rulesYaml });

/**
 * The rule set's two AgiFlow files side by side, checked as they are typed, with what they hold shown
 * readably below. People who may not change the rule set read the same screen without the controls.
 *
 * When the server's copy moves on (this person's save, or someone else's), the editor follows it,
 * unless the person has edits of their own in progress: those stay, and the editor says a newer
 * version exists.
 */
export function RuleSetEditor({
  saved,
  canEdit,
  onSave,
  saving,
  saveProblems,
  saveError,
  ownSaveVersion,
}: RuleSetEditorProps) {
  const [base, setBase] = useState<SavedFiles>(saved);
  const [draft, setDraft] = useState<RuleSetFiles>(() => filesIn(saved));
  const [sent, setSent] = useState<RuleSetFiles | null>(null);
  const savedMine = sent !== null && sameFiles(draft, sent) && saved.version === ownSaveVersion;
  if (saved.version !== base.version) {
    const follow = sameFiles(draft, base) || savedMine;
    // A new name or description leaves the files as they were: edits in progress build on them still.
    if (follow || sameFiles(saved, base)) setBase(saved);
    if (follow) {
      setDraft(filesIn(saved));
      setSent(null);
    }
  }
  const behind = saved.version !== base.version;
  const check = useYamlCheck(draft.architectYaml, draft.rulesYaml);
  const changed = !sameFiles(draft, base);
  const localProblems = check.architectProblems.length + check.rulesProblems.length;
  const serverArchitect =
    saveProblems?.sent.architectYaml === draft.architectYaml ? saveProblems.architect : [];
  const serverRules = saveProblems?.sent.rulesYaml === draft.rulesYaml ? saveProblems.rules : [];

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (localProblems === 0 && changed && !saving) {
      setSent(draft);
      onSave(draft, base.version);
    }
  };

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-5">
      <div className="grid gap-4 xl:grid-cols-2">
        <YamlFileField
          fileName="architect.yaml"
          hint="Design patterns: features with name, design_pattern, includes (globs) and a markdown description."
          value={draft.architectYaml}
          onChange={(architectYaml) => setDraft((current) => ({ ...current, architectYaml }))}
          problems={[...check.architectProblems, ...serverArchitect]}
          readOnly={!canEdit}
        />
        <YamlFileField
          fileName="RULES.yaml"
          hint="Rules: pattern, globs (! excludes), inherits, and must_do / should_do / must_not_do items with optional check and severity."
          value={draft.rulesYaml}
          onChange={(rulesYaml) => setDraft((current) => ({ ...current, rulesYaml }))}
          problems={[...check.rulesProblems, ...serverRules]}
          readOnly={!canEdit}
        />
      </div>
      {canEdit ? (
        <div className="flex flex-wrap items-center justify-end gap-3">
          <p role="status" className="mr-auto text-[13px] text-muted-foreground">
            {localProblems > 0
              ? `Fix ${localProblems === 1 ? 'the problem' : `the ${localProblems} problems`} above to save.`
              : changed
                ? 'Unsaved changes.'
                : 'Saved.'}
          </p>
          {behind ? (
            <p role="alert" className="basis-full text-[13px] text-amber-600 dark:text-amber-300">
              Someone else saved a newer version while you were editing. Saving yours would be refused: copy
              your changes, then discard them to load theirs.
            </p>
          ) : saveError ? (
            <p role="alert" className="text-[13px] text-danger">
              {saveError}
            </p>
          ) : null}
          <Button
            variant="ghost"
            size="sm"
            disabled={!changed || saving}
            onClick={() => {
              setBase(saved);
              setDraft(filesIn(saved));
            }}
          >
            Discard changes
          </Button>
          <Button type="submit" size="sm" disabled={!changed || localProblems > 0 || saving}>
            {saving ? 'Saving…' : 'Save rule set'}
          </Button>
        </div>
      ) : null}
      {check.content ? <RuleSetContents content={check.content} /> : null}
    </form>
  );
}
