import type { AgentProfile, CreateAgentProfile, UpdateAgentProfile } from '@switchboard/api-client/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { toast } from 'sonner';
import { fieldBinder } from '../../components/ui/field-binding';
import { useApi } from '../../hooks/use-api';
import { errorCodeOf, fieldErrorsFrom } from '../../lib/api';
import { describeError } from '../../lib/error-messages';
import {
  type AgentProfileForm,
  agentFormFrom,
  agentKeys,
  createAgentProfile,
  createInputFrom,
  EMPTY_AGENT_FORM,
  updateAgentProfile,
  updateInputFrom,
  upsertProfile,
} from './agents';

type Errors = Partial<Record<keyof AgentProfileForm | '_form', string>>;

type SaveInput =
  | { kind: 'create'; data: CreateAgentProfile }
  | { kind: 'update'; name: string; data: UpdateAgentProfile };

/**
 * An agent profile's form (a new one without `profile`): checked with the contract's schemas before it
 * is sent; the server's answer (a taken name, a stale version) lands next to the field it is about.
 */
export function useAgentProfileForm(profile: AgentProfile | undefined, onDone: () => void) {
  const api = useApi();
  const queryClient = useQueryClient();
  const [form, setForm] = useState<AgentProfileForm>(() =>
    profile ? agentFormFrom(profile) : EMPTY_AGENT_FORM,
  );
  const [errors, setErrors] = useState<Errors>({});

  const save = useMutation({
    mutationFn: (input: SaveInput): Promise<AgentProfile> =>
      input.kind === 'update'
        ? updateAgentProfile(api, input.name, input.data)
        : createAgentProfile(api, input.data),
    onSuccess: (saved) => {
      queryClient.setQueryData<AgentProfile[]>(agentKeys.list(), (profiles) =>
        profiles ? upsertProfile(profiles, saved) : profiles,
      );
      void queryClient.invalidateQueries({ queryKey: agentKeys.all });
      toast.success(profile ? `Saved ${saved.name}` : `Created agent profile ${saved.name}`);
      onDone();
    },
    onError: (error) => {
      const code = errorCodeOf(error);
      if (code === 'AGENT_NAME_TAKEN') setErrors({ name: describeError(error) });
      else if (code === 'VERSION_CONFLICT') {
        setErrors({
          _form:
            'Someone else changed this profile while you were editing. Close the dialog and open it again to see their version.',
        });
        void queryClient.invalidateQueries({ queryKey: agentKeys.all });
      } else {
        const fields = fieldErrorsFrom(error);
        setErrors(Object.keys(fields).length > 0 ? fields : { _form: describeError(error) });
      }
    },
  });

  const set = (field: keyof AgentProfileForm) => (value: string) => {
    setForm((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };
  const field = fieldBinder(form, errors, (name, value) => set(name)(value));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (profile) {
      const result = updateInputFrom(form, profile.version);
      if (!result.ok) {
        setErrors(result.errors);
        return;
      }
      setErrors({});
      save.mutate({ kind: 'update', name: profile.name, data: result.data });
    } else {
      const result = createInputFrom(form);
      if (!result.ok) {
        setErrors(result.errors);
        return;
      }
      setErrors({});
      save.mutate({ kind: 'create', data: result.data });
    }
  };

  return { form, errors, field, save, submit };
}
