import type { YamlError } from '@switchboard/architecture';
import { type FormEvent, useState } from 'react';
import type { RuleSetFiles } from '../../lib/rule-sets';
import { Button } from '../ui/button';
import { RuleSetContents } from './rule-set-contents';
import { useYamlCheck } from './use-yaml-check';
import { YamlFileField } from './yaml-file-field';

/** What the server found wrong in a save, per file, and for which text. */
export interface SaveProblems {
  sent: RuleSetFiles;
  architect: YamlError[];
  rules: YamlError[];
}

export interface RuleSetEditorProps {
  saved: RuleSetFiles;
  canEdit: boolean;
  onSave: (files: RuleSetFiles) => void;
  saving: boolean;
  /** The server's refusal of the last save, by line; shown while the text is still what was sent. */
  saveProblems?: SaveProblems;
  /** A failed save that is not about a line. */
  saveError?: string;
}

/**
 * The rule set's two AgiFlow files side by side, checked as they are typed, with what they hold shown
 * readably below. People who may not change the rule set read the same screen without the controls.
 */
export function RuleSetEditor({
  saved,
  canEdit,
  onSave,
  saving,
  saveProblems,
  saveError,
}: RuleSetEditorProps) {
  const [draft, setDraft] = useState<RuleSetFiles>(saved);
  const check = useYamlCheck(draft.architectYaml, draft.rulesYaml);
  const changed = draft.architectYaml !== saved.architectYaml || draft.rulesYaml !== saved.rulesYaml;
  const localProblems = check.architectProblems.length + check.rulesProblems.length;
  const serverArchitect =
    saveProblems?.sent.architectYaml === draft.architectYaml ? saveProblems.architect : [];
  const serverRules = saveProblems?.sent.rulesYaml === draft.rulesYaml ? saveProblems.rules : [];

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (localProblems === 0 && changed && !saving) onSave(draft);
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
          {saveError ? (
            <p role="alert" className="text-[13px] text-danger">
              {saveError}
            </p>
          ) : null}
          <Button variant="ghost" size="sm" disabled={!changed || saving} onClick={() => setDraft(saved)}>
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
