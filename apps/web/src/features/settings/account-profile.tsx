import { Avatar } from '../../components/ui/avatar';
import { Field } from '../../components/ui/field';
import { unwrap } from '../../lib/auth-call';
import { type ProfileInput, profileSchema } from '../../lib/organization-forms';
import { SettingsForm, useSettingsForm } from './settings-form';
import { useAuthMutation } from './use-auth-mutation';
import { useDashboardClients, useSession } from './use-organization';

/** The signed-in user's name and picture (POST update-user). */
export function AccountProfileForm() {
  const session = useSession();
  const { authClient } = useDashboardClients();
  const initial: ProfileInput = { name: session.user.name, image: session.user.image ?? '' };
  const { values, field, submitWith } = useSettingsForm(initial);
  const dirty = values.name !== initial.name || values.image !== initial.image;

  const update = useAuthMutation({
    path: '/update-user',
    call: (input: ProfileInput) =>
      unwrap(authClient.updateUser({ name: input.name, image: input.image === '' ? null : input.image })),
    failure: 'Your profile could not be saved.',
    toastErrors: false,
    success: 'Profile saved',
  });

  return (
    <SettingsForm
      title="Profile"
      description="Your name and picture, as your teammates see them."
      onSubmit={submitWith(profileSchema, (input) => update.mutate(input))}
      change={update}
      submitLabel="Save profile"
      pendingLabel="Saving…"
      ready={dirty}
    >
      <div className="flex items-center gap-4">
        <Avatar name={values.name || session.user.email} image={values.image || null} size="lg" />
        <div className="min-w-0 text-[13px]">
          <p className="truncate font-medium text-foreground">{session.user.email}</p>
          <p className="text-muted-foreground">Your email address is how you sign in.</p>
        </div>
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="Name" autoComplete="name" maxLength={100} {...field('name')} />
        <Field
          label="Picture URL"
          type="url"
          inputMode="url"
          placeholder="https://example.com/me.png"
          hint="Leave empty to show your initials."
          {...field('image')}
        />
      </div>
    </SettingsForm>
  );
}
