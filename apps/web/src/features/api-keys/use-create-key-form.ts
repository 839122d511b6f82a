import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { fieldBinder } from '../../components/ui/field-binding';
import { describeApiKeyError } from '../../lib/error-messages';
import { useDashboardClients } from '../settings/use-organization';
import {
  apiKeyKeys,
  type CreateApiKeyForm,
  type CreateApiKeyInput,
  type CreatedApiKey,
  createApiKey,
  validateCreateApiKey,
} from './api-keys';

export type CreateKeyErrors = Partial<Record<'name' | 'agentName' | 'expiry' | '_form', string>>;

/** Creates a key in the active organization; the list (any organization's) is read again afterwards. */
export function useCreateApiKey() {
  const { authClient } = useDashboardClients();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateApiKeyInput) => createApiKey(authClient, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKeyKeys.all }),
  });
}

/**
 * The create-key form's values, errors and admin mark, and its submit: validated first, an admin key
 * confirmed before it is sent, the form cleared for the next key once one is made.
 */
export function useCreateKeyForm({
  defaultName,
  defaultAgent,
  canMarkAdmin,
  onCreated,
}: {
  defaultName: string;
  defaultAgent: string;
  canMarkAdmin: boolean;
  onCreated: (created: CreatedApiKey) => void;
}) {
  const create = useCreateApiKey();
  const [form, setForm] = useState<CreateApiKeyForm>({
    name: defaultName,
    agentName: defaultAgent,
    expiry: 'never',
    customDay: '',
  });
  const [errors, setErrors] = useState<CreateKeyErrors>({});
  const [admin, setAdmin] = useState(false);

  const set = (field: keyof CreateApiKeyForm, value: string) => {
    setForm((current) => ({ ...current, [field]: value }));
    const errorField = field === 'customDay' ? 'expiry' : field;
    setErrors((current) => ({ ...current, [errorField]: undefined, _form: undefined }));
  };
  const field = fieldBinder(form, errors, set);

  // An admin key is asked about first: its agents may change the organization's rule sets.
  const [confirmingAdmin, setConfirmingAdmin] = useState<CreateApiKeyInput | null>(null);

  const send = (input: CreateApiKeyInput) => {
    create.mutate(input, {
      onSuccess: (created) => {
        setForm((current) => ({ ...current, name: '', customDay: '' }));
        // Each key is a new decision: the next one is not admin unless ticked again.
        setAdmin(false);
        setConfirmingAdmin(null);
        onCreated(created);
      },
      onError: (error) => {
        setConfirmingAdmin(null);
        setErrors({ _form: describeApiKeyError(error, 'The key could not be created.') });
      },
    });
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const result = validateCreateApiKey(form, new Date());
    if (!result.ok) {
      setErrors(result.errors);
      return;
    }
    setErrors({});
    if (canMarkAdmin && admin) setConfirmingAdmin({ ...result.input, admin: true });
    else send(result.input);
  };

  return {
    form,
    errors,
    set,
    field,
    admin,
    setAdmin,
    confirmingAdmin: confirmingAdmin !== null,
    cancelAdmin: () => setConfirmingAdmin(null),
    confirmAdmin: () => {
      if (confirmingAdmin) send(confirmingAdmin);
    },
    submit,
    pending: create.isPending,
  };
}
