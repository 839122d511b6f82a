import { createProjectSchema, type Project, updateProjectSchema } from '@switchboard/api-client/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { toast } from 'sonner';
import { useApi } from '../../hooks/use-api';
import { errorCodeOf, fieldErrorsFrom, isVersionConflict } from '../../lib/api';
import { describeError } from '../../lib/error-messages';
import { createProject, projectKeys, updateProject } from './projects';

/**
 * The project form's fields and errors, and saving them: checked against the contract first, then a
 * create or an update; a taken key, a refused field or someone else's newer version shown in the form.
 */
export function useProjectForm({
  project,
  onClose,
  onSaved,
}: {
  project: Project | undefined;
  onClose: () => void;
  onSaved: ((project: Project) => void) | undefined;
}) {
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

  return {
    name,
    setName,
    key,
    setKey,
    keyEdited,
    setKeyEdited,
    description,
    setDescription,
    ruleSet,
    setRuleSet,
    template,
    setTemplate,
    errors,
    save,
    submit,
  };
}
