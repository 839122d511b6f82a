import type { AgentProfile } from '@switchboard/api-client/contract';
import { Button } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { Field } from '../../components/ui/field';
import { FormError } from '../../components/ui/form-error';
import { SelectField } from '../../components/ui/select';
import type { CreatedApiKey } from './api-keys';
import { KeyExpiryFields } from './key-expiry-fields';
import { useCreateKeyForm } from './use-create-key-form';

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
  const keyForm = useCreateKeyForm({ defaultName, defaultAgent, canMarkAdmin, onCreated });
  const { form, errors, field } = keyForm;

  return (
    <>
      <form
        onSubmit={keyForm.submit}
        noValidate
        aria-label="Create an API key"
        className="flex flex-col gap-4"
      >
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
          <KeyExpiryFields form={form} error={errors.expiry} field={field} set={keyForm.set} />
        ) : null}
        {canMarkAdmin ? (
          <label className="flex items-start gap-2 text-[13px]">
            <input
              type="checkbox"
              className="mt-0.5"
              checked={keyForm.admin}
              onChange={(event) => keyForm.setAdmin(event.currentTarget.checked)}
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
          <Button type="submit" disabled={keyForm.pending}>
            {keyForm.pending ? 'Creating…' : submitLabel}
          </Button>
        </div>
      </form>
      <ConfirmDialog
        open={keyForm.confirmingAdmin}
        onClose={keyForm.cancelAdmin}
        title="Create an admin key?"
        description="Agents using this key may add design patterns and rules to the organization's rule sets, which every agent's reviews then follow. Create an ordinary key unless this agent maintains the rules."
        confirmLabel="Create admin key"
        pendingLabel="Creating…"
        pending={keyForm.pending}
        onConfirm={keyForm.confirmAdmin}
        tone="default"
      />
    </>
  );
}
