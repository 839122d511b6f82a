import type { AgentProfile } from '@switchboard/api-client/contract';
import { useId } from 'react';
import { Dialog } from '../../components/ui/dialog';
import { DialogForm } from '../../components/ui/dialog-form';
import { Field, TextArea } from '../../components/ui/field';
import { MODEL_SUGGESTIONS } from './agents';
import { InstructionsField } from './instructions-field';
import { useAgentProfileForm } from './use-agent-profile-form';

/**
 * Create a profile (no `profile`) or edit one. The form is validated with the contract's schemas before
 * it is sent; the server's answer (a taken name, a stale version) lands next to the field it is about.
 */
export function AgentProfileDialog({
  open,
  profile,
  onClose,
}: {
  open: boolean;
  profile?: AgentProfile;
  onClose: () => void;
}) {
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={profile ? `Edit ${profile.name}` : 'New agent profile'}
      description={
        profile
          ? 'Changes apply to everyone in the organization, and to agents the next time they read the profile.'
          : 'A shared profile: tasks are assigned to its name, and API keys can act as it.'
      }
      className="w-[min(40rem,calc(100vw-2rem))]"
    >
      {open ? <ProfileForm key={profile?.id ?? 'new'} profile={profile} onDone={onClose} /> : null}
    </Dialog>
  );
}

function ProfileForm({ profile, onDone }: { profile?: AgentProfile; onDone: () => void }) {
  const modelsId = useId();
  const { form, errors, field, save, submit } = useAgentProfileForm(profile, onDone);

  return (
    <DialogForm
      onSubmit={submit}
      onCancel={onDone}
      actionLabel={profile ? 'Save changes' : 'Create profile'}
      save={save}
      error={errors._form}
    >
      <Field
        label="Name"
        {...field('name')}
        disabled={Boolean(profile)}
        autoFocus={!profile}
        maxLength={64}
        autoComplete="off"
        autoCapitalize="off"
        spellCheck={false}
        placeholder="backend-dev"
        hint={
          profile
            ? 'The name is the profile’s identity: tasks and API keys refer to it, so it cannot change.'
            : 'Lower-case words joined by hyphens. Tasks are assigned to this name.'
        }
        className="[&_input]:font-mono"
      />
      <Field
        label="Description"
        {...field('description')}
        autoFocus={Boolean(profile)}
        maxLength={1000}
        placeholder="Builds and tests the API"
        hint="One line: what this agent is for."
      />
      <Field
        label="Model"
        {...field('model')}
        list={modelsId}
        maxLength={100}
        autoComplete="off"
        spellCheck={false}
        placeholder="claude-sonnet-4-5"
        hint="Optional. Leave empty to use whatever the agent’s client is set to."
      />
      <datalist id={modelsId}>
        {MODEL_SUGGESTIONS.map((model) => (
          <option key={model} value={model} />
        ))}
      </datalist>
      <TextArea
        label="Allowed tools"
        {...field('tools')}
        rows={3}
        spellCheck={false}
        placeholder={'Read\nEdit\nBash(pnpm test)'}
        hint="One per line (or comma-separated). Empty: no restriction."
        className="[&_textarea]:font-mono [&_textarea]:text-[13px]"
      />
      <InstructionsField
        labelId={`${modelsId}-instructions`}
        instructions={form.instructions}
        field={field('instructions')}
      />
    </DialogForm>
  );
}
