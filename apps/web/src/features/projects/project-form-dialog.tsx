import { createProjectSchema, type Project, updateProjectSchema } from '@switchboard/api-client/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { toast } from 'sonner';
import { Dialog, FormDialogFooter } from '../../components/ui/dialog';
import { Field, TextArea } from '../../components/ui/field';
import { useApi } from '../../hooks/use-api';
import { errorCodeOf, fieldErrorsFrom, isVersionConflict } from '../../lib/api';
import { describeError } from '../../lib/error-messages';
import { ProjectRuleSetField } from '../architecture/project-rule-set-field';
import { ProjectTemplateField } from '../templates/project-template-field';
import { createProject, projectKeys, suggestProjectKey, updateProject } from './projects';

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
  const api = useApi();
  const queryClient = useQueryClient();
  const [name, setName] = useState(project?.name ?? '');
  const [key, setKey] = useState(project?.key ?? '');
  const [keyEdited, setKeyEdited] = useState(false);
  const [description, setDescription] = useState(project?.description ?? '');
  const [ruleSet, setRuleSet] = useState(project?.ruleSet ?? null);
  // Sent only when changed, so saving a name never touches the rule set.
  const ruleSetChange = project && ruleSet !== (project.ruleSet ?? null) ? { ruleSet } : {};
  const [template, setTemplate] = useState(project?.template ?? null);
  const templateChange = project && template !== (project.template ?? null) ? { template } : {};
  const [errors, setErrors] = useState<Record<string, string>>({});

  const save = useMutation({
    mutationFn: async () => {
      if (project) {
        const input = updateProjectSchema.parse({
          version: project.version,
          name,
          description,
          ...ruleSetChange,
          ...templateChange,
        });
        return updateProject(api, project.id, input);
      }
      const input = createProjectSchema.parse({
        name,
        key,
        description: description.trim() ? description : undefined,
      });
      return createProject(api, input);
    },
    onSuccess: (saved) => {
      void queryClient.invalidateQueries({ queryKey: projectKeys.all });
      toast.success(project ? `Saved ${saved.name}` : `Created ${saved.key} · ${saved.name}`);
      onSaved?.(saved);
      onClose();
    },
    onError: (error) => {
      const code = errorCodeOf(error);
      if (code === 'PROJECT_KEY_TAKEN') setErrors({ key: describeError(error) });
      else if (code === 'VALIDATION_FAILED') setErrors(fieldErrorsFrom(error));
      else if (isVersionConflict(error)) {
        void queryClient.invalidateQueries({ queryKey: projectKeys.all });
        setErrors({
          _form: 'Someone else changed this project first. Close and reopen to see their version.',
        });
      } else setErrors({ _form: describeError(error) });
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const check = project
      ? updateProjectSchema.safeParse({
          version: project.version,
          name,
          description,
          ...ruleSetChange,
          ...templateChange,
        })
      : createProjectSchema.safeParse({
          name,
          key,
          description: description.trim() ? description : undefined,
        });
    if (!check.success) {
      setErrors(fieldErrorsFrom(check.error));
      return;
    }
    setErrors({});
    save.mutate();
  };

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      <Field
        label="Name"
        value={name}
        autoFocus
        maxLength={120}
        placeholder="Switchboard"
        error={errors.name}
        onChange={(event) => {
          const next = event.currentTarget.value;
          setName(next);
          if (!project && !keyEdited) setKey(suggestProjectKey(next, takenKeys));
        }}
      />
      <Field
        label="Key"
        value={key}
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
          setKeyEdited(true);
          setKey(event.currentTarget.value.toUpperCase().replace(/[^A-Z]/g, ''));
        }}
      />
      <TextArea
        label="Description"
        value={description}
        rows={3}
        maxLength={10_000}
        placeholder="What this project is about (markdown)"
        error={errors.description}
        onChange={(event) => setDescription(event.currentTarget.value)}
      />
      {project ? <ProjectRuleSetField value={ruleSet} onChange={setRuleSet} error={errors.ruleSet} /> : null}
      {project ? (
        <ProjectTemplateField value={template} onChange={setTemplate} error={errors.template} />
      ) : null}
      <FormDialogFooter
        onCancel={onClose}
        actionLabel={project ? 'Save' : 'Create project'}
        save={save}
        error={errors._form}
      />
    </form>
  );
}
