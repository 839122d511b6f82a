import type { Project } from '@switchboard/api-client/contract';
import { Dialog } from '../../components/ui/dialog';
import { DialogForm } from '../../components/ui/dialog-form';
import { Field, TextArea } from '../../components/ui/field';
import { ProjectRuleSetField } from '../architecture/project-rule-set-field';
import { ProjectTemplateField } from '../templates/project-template-field';
import { suggestProjectKey } from './projects';
import { useProjectForm } from './use-project-form';

export interface ProjectFormDialogProps {
  open: boolean;
  onClose: () => void;
  /** Editing this project; absent = creating one. */
  project?: Project;
  /** Keys already used in the organization, so the suggestion avoids them. */
  takenKeys?: readonly string[];
  onSaved?: (project: Project) => void;
}

/** New project (name, key suggested from the name, description) or edit (name, description). */
export function ProjectFormDialog({
  open,
  onClose,
  project,
  takenKeys = [],
  onSaved,
}: ProjectFormDialogProps) {
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={project ? `Edit ${project.name}` : 'New project'}
      description={
        project ? undefined : 'A project holds work units and tasks. Its key prefixes task keys, like SWB-12.'
      }
    >
      {open ? (
        <ProjectForm project={project} takenKeys={takenKeys} onClose={onClose} onSaved={onSaved} />
      ) : null}
    </Dialog>
  );
}

function ProjectForm({
  project,
  takenKeys,
  onClose,
  onSaved,
}: Pick<ProjectFormDialogProps, 'project' | 'onClose' | 'onSaved'> & { takenKeys: readonly string[] }) {
  const form = useProjectForm({ project, onClose, onSaved });
  const { errors } = form;

  return (
    <DialogForm
      onSubmit={form.submit}
      onCancel={onClose}
      actionLabel={project ? 'Save' : 'Create project'}
      save={form.save}
      error={errors._form}
    >
      <Field
        label="Name"
        value={form.name}
        autoFocus
        maxLength={120}
        placeholder="Switchboard"
        error={errors.name}
        onChange={(event) => {
          const next = event.currentTarget.value;
          form.setName(next);
          if (!project && !form.keyEdited) form.setKey(suggestProjectKey(next, takenKeys));
        }}
      />
      <Field
        label="Key"
        value={form.key}
        disabled={Boolean(project)}
        maxLength={6}
        autoCapitalize="characters"
        autoComplete="off"
        spellCheck={false}
        className="[&_input]:font-mono [&_input]:uppercase"
        hint={
          project
            ? 'The key cannot change: task keys and links use it.'
            : '2–6 capital letters. Tasks become KEY-1, KEY-2 …'
        }
        error={errors.key}
        onChange={(event) => {
          form.setKeyEdited(true);
          form.setKey(event.currentTarget.value.toUpperCase().replace(/[^A-Z]/g, ''));
        }}
      />
      <TextArea
        label="Description"
        value={form.description}
        rows={3}
        maxLength={10_000}
        placeholder="What this project is about (markdown)"
        error={errors.description}
        onChange={(event) => form.setDescription(event.currentTarget.value)}
      />
      {project ? (
        <ProjectRuleSetField value={form.ruleSet} onChange={form.setRuleSet} error={errors.ruleSet} />
      ) : null}
      {project ? (
        <ProjectTemplateField value={form.template} onChange={form.setTemplate} error={errors.template} />
      ) : null}
    </DialogForm>
  );
}
