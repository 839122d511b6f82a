import type { AgentProfile, CreateAgentProfile, UpdateAgentProfile } from '@switchboard/api-client/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { toast } from 'sonner';
import { cn } from '../../components/ui/cn';
import { Dialog, FormDialogFooter } from '../../components/ui/dialog';
import { Field, TextArea } from '../../components/ui/field';
import { fieldBinder } from '../../components/ui/field-binding';
import { Markdown } from '../../components/ui/markdown';
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
  MODEL_SUGGESTIONS,
  updateAgentProfile,
  updateInputFrom,
  upsertProfile,
} from './agents';

type Errors = Partial<Record<keyof AgentProfileForm | '_form', string>>;

type SaveInput =
  | { kind: 'create'; data: CreateAgentProfile }
  | { kind: 'update'; name: string; data: UpdateAgentProfile };

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
  const api = useApi();
  const queryClient = useQueryClient();
  const modelsId = useId();
  const [form, setForm] = useState<AgentProfileForm>(() =>
    profile ? agentFormFrom(profile) : EMPTY_AGENT_FORM,
  );
  const [errors, setErrors] = useState<Errors>({});
  const [preview, setPreview] = useState(false);

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

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
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
      <div className="flex flex-col gap-1.5">
        <div className="flex items-center justify-between gap-2">
          <span className="text-[13px] font-medium text-foreground" id={`${modelsId}-instructions`}>
            Instructions
          </span>
          <fieldset className="flex rounded-control border border-border p-0.5 text-[12px]">
            <legend className="sr-only">Instructions view</legend>
            {(['Write', 'Preview'] as const).map((mode) => {
              const active = (mode === 'Preview') === preview;
              return (
                <button
                  key={mode}
                  type="button"
                  aria-pressed={active}
                  onClick={() => setPreview(mode === 'Preview')}
                  className={cn(
                    'rounded-[5px] px-2 py-0.5 font-medium transition-colors',
                    active ? 'bg-subtle text-foreground' : 'text-muted-foreground hover:text-foreground',
                  )}
                >
                  {mode}
                </button>
              );
            })}
          </fieldset>
        </div>
        {preview ? (
          <section
            aria-label="Instructions preview"
            className="max-h-72 min-h-32 overflow-auto rounded-control border border-border bg-background px-3 py-2"
          >
            {form.instructions.trim() ? (
              <Markdown source={form.instructions} />
            ) : (
              <p className="text-sm text-muted-foreground">Nothing to preview yet.</p>
            )}
          </section>
        ) : (
          <TextArea
            label="Instructions"
            hideLabel
            {...field('instructions')}
            rows={9}
            placeholder={'You build the HTTP API.\n\n- Write a test first.\n- Keep handlers thin.'}
            hint="Markdown. How this agent works: conventions, what to check before calling a task done."
            className="[&_textarea]:font-mono [&_textarea]:text-[13px]"
          />
        )}
      </div>
      <FormDialogFooter
        onCancel={onDone}
        actionLabel={profile ? 'Save changes' : 'Create profile'}
        save={save}
        error={errors._form}
      />
    </form>
  );
}
