import type { AgentProfile } from '@switchboard/api-client/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Button } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { Field } from '../../components/ui/field';
import { fieldBinder } from '../../components/ui/field-binding';
import { FormError } from '../../components/ui/form-error';
import { SelectField } from '../../components/ui/select';
import { describeApiKeyError } from '../../lib/error-messages';
import { useDashboardClients } from '../settings/use-organization';
import {
  apiKeyKeys,
  type CreateApiKeyForm,
  type CreateApiKeyInput,
  type CreatedApiKey,
  createApiKey,
  customExpiryBounds,
  EXPIRY_CHOICES,
  type ExpiryChoice,
  validateCreateApiKey,
} from './api-keys';

type Errors = Partial<Record<'name' | 'agentName' | 'expiry' | '_form', string>>;

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
 * Name, optional agent profile and optional expiry. Validated before sending; the server's refusal
 * (an unknown agent, a bad expiry) is shown next to the form.
 */
export function CreateKeyForm({
  agents,
  defaultName = '',
  defaultAgent = '',
  showExpiry = true,
  canMarkAdmin = false,
  submitLabel = 'Create key',
  onCreated,
}: {
  agents: readonly AgentProfile[];
  /** Owners and admins may mark a key admin; the server refuses the mark from anyone else. */
  canMarkAdmin?: boolean;
  defaultName?: string;
  defaultAgent?: string;
  showExpiry?: boolean;
  submitLabel?: string;
  onCreated: (created: CreatedApiKey) => void;
}) {
  const create = useCreateApiKey();
  const [form, setForm] = useState<CreateApiKeyForm>({
    name: defaultName,
    agentName: defaultAgent,
    expiry: 'never',
    customDay: '',
  });
  const [errors, setErrors] = useState<Errors>({});
  const [admin, setAdmin] = useState(false);
  const bounds = customExpiryBounds(new Date());

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

  return (
    <>
      <form onSubmit={submit} noValidate aria-label="Create an API key" className="flex flex-col gap-4">
        <div className="grid items-start gap-4 sm:grid-cols-2">
          <Field
            label="Key name"
            maxLength={64}
            autoComplete="off"
            placeholder="Claude Code on my laptop"
            hint="Say where the key is used, so you know which one to revoke."
            {...field('name')}
          />
          <SelectField
            label="Acts as agent"
            options={[
              { value: '', label: 'No agent profile' },
              ...agents.map((agent) => ({ value: agent.name, label: agent.name })),
            ]}
            hint={
              agents.length === 0
                ? 'No agent profiles yet: an owner or admin creates them under AI agents.'
                : 'Calls made with the key act as this agent (activity shows it).'
            }
            {...field('agentName')}
          />
        </div>
        {showExpiry ? (
          <div className="grid items-start gap-4 sm:grid-cols-2">
            <SelectField
              label="Expires"
              name="expiry"
              value={form.expiry}
              options={EXPIRY_CHOICES}
              error={form.expiry === 'custom' ? undefined : errors.expiry}
              hint={form.expiry === 'never' ? 'Valid until you revoke it.' : undefined}
              onChange={(event) => set('expiry', event.currentTarget.value as ExpiryChoice)}
            />
            {form.expiry === 'custom' ? (
              <Field
                label="Expiry date"
                type="date"
                min={bounds.min}
                max={bounds.max}
                hint="The key stops working at the end of this day (up to a year from today)."
                {...field('customDay')}
                // A wrong day is the expiry's error: the day only refines that choice.
                error={errors.expiry}
              />
            ) : null}
          </div>
        ) : null}
        {canMarkAdmin ? (
          <label className="flex items-start gap-2 text-[13px]">
            <input
              type="checkbox"
              className="mt-0.5"
              checked={admin}
              onChange={(event) => setAdmin(event.currentTarget.checked)}
            />
            <span>
              Admin key
              <span className="block text-xs text-muted-foreground">
                Its agents may also add design patterns and rules to the organization's rule sets
                (add-design-pattern, add-rule).
              </span>
            </span>
          </label>
        ) : null}
        <FormError>{errors._form}</FormError>
        <div className="flex justify-end">
          <Button type="submit" disabled={create.isPending}>
            {create.isPending ? 'Creating…' : submitLabel}
          </Button>
        </div>
      </form>
      <ConfirmDialog
        open={confirmingAdmin !== null}
        onClose={() => setConfirmingAdmin(null)}
        title="Create an admin key?"
        description="Agents using this key may add design patterns and rules to the organization's rule sets, which every agent's reviews then follow. Create an ordinary key unless this agent maintains the rules."
        confirmLabel="Create admin key"
        pendingLabel="Creating…"
        pending={create.isPending}
        onConfirm={() => {
          if (confirmingAdmin) send(confirmingAdmin);
        }}
        tone="default"
      />
    </>
  );
}
