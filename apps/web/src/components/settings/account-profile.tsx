import { type FormEvent, useState } from 'react';
import { unwrap } from '../../lib/auth-call';
import {
  type FieldErrors,
  type ProfileInput,
  profileSchema,
  validateForm,
} from '../../lib/organization-forms';
import { Avatar } from '../ui/avatar';
import { Button } from '../ui/button';
import { Field } from '../ui/field';
import { SettingsSection } from '../ui/section';
import { mutationErrorText, useAuthMutation } from './use-auth-mutation';
import { useDashboardClients, useSession } from './use-organization';

/** The signed-in user's name and picture (POST update-user). */
export function AccountProfileForm() {
  const session = useSession();
  const { authClient } = useDashboardClients();
  const initial: ProfileInput = { name: session.user.name, image: session.user.image ?? '' };
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<FieldErrors<ProfileInput>>({});
  const dirty = values.name !== initial.name || values.image !== initial.image;

  const update = useAuthMutation({
    path: '/update-user',
    call: (input: ProfileInput) =>
      unwrap(authClient.updateUser({ name: input.name, image: input.image === '' ? null : input.image })),
    failure: 'Your profile could not be saved.',
    toastErrors: false,
    success: 'Profile saved',
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const result = validateForm(profileSchema, values);
    if (!result.ok) {
      setErrors(result.errors);
      return;
    }
    setErrors({});
    update.mutate(result.data);
  };

  const serverError = mutationErrorText(update.error, 'Your profile could not be saved.');

  return (
    <form onSubmit={submit} noValidate>
      <SettingsSection
        title="Profile"
        description="Your name and picture, as your teammates see them."
        footer={
          <>
            {serverError ? (
              <p role="alert" className="mr-auto text-[13px] text-danger">
                {serverError}
              </p>
            ) : null}
            <Button type="submit" disabled={!dirty || update.isPending}>
              {update.isPending ? 'Saving…' : 'Save profile'}
            </Button>
          </>
        }
      >
        <div className="flex flex-col gap-4">
          <div className="flex items-center gap-4">
            <Avatar name={values.name || session.user.email} image={values.image || null} size="lg" />
            <div className="min-w-0 text-[13px]">
              <p className="truncate font-medium text-foreground">{session.user.email}</p>
              <p className="text-muted-foreground">Your email address is how you sign in.</p>
            </div>
          </div>
          <div className="grid gap-4 sm:grid-cols-2">
            <Field
              label="Name"
              name="name"
              autoComplete="name"
              maxLength={100}
              value={values.name}
              error={errors.name}
              onChange={(event) => {
                const name = event.currentTarget.value;
                setValues((current) => ({ ...current, name }));
              }}
            />
            <Field
              label="Picture URL"
              name="image"
              type="url"
              inputMode="url"
              placeholder="https://example.com/me.png"
              value={values.image}
              error={errors.image}
              hint="Leave empty to show your initials."
              onChange={(event) => {
                const image = event.currentTarget.value;
                setValues((current) => ({ ...current, image }));
              }}
            />
          </div>
        </div>
      </SettingsSection>
    </form>
  );
}
