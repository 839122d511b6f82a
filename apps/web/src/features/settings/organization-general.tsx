import { useRouter } from '@tanstack/react-router';
import { type FormEvent, useState } from 'react';
import { Avatar } from '../../components/ui/avatar';
import { Button } from '../../components/ui/button';
import { Field } from '../../components/ui/field';
import { fieldBinder } from '../../components/ui/field-binding';
import { SettingsSection } from '../../components/ui/section';
import { UserText } from '../../components/ui/user-text';
import { unwrap } from '../../lib/auth-call';
import {
  type FieldErrors,
  type OrganizationProfileInput,
  organizationProfileSchema,
  SLUG_MAX,
  validateForm,
} from '../../lib/organization-forms';
import { AccessNotice } from './access-notice';
import { mutationErrorText, useAuthMutation } from './use-auth-mutation';
import { type ActiveOrganizationView, useDashboardClients } from './use-organization';

const SLUG_TAKEN = new Set(['ORGANIZATION_ALREADY_EXISTS', 'ORGANIZATION_SLUG_ALREADY_TAKEN']);

/** Name, slug and logo of the active organization; read-only for roles without organization:update. */
export function OrganizationProfileForm({ view }: { view: ActiveOrganizationView }) {
  const { organization, can } = view;
  const { authClient } = useDashboardClients();
  const router = useRouter();
  const initial: OrganizationProfileInput = {
    name: organization.name,
    slug: organization.slug,
    logo: organization.logo ?? '',
  };
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<FieldErrors<OrganizationProfileInput>>({});
  const dirty = values.name !== initial.name || values.slug !== initial.slug || values.logo !== initial.logo;

  const update = useAuthMutation({
    path: '/organization/update',
    call: (data: OrganizationProfileInput) =>
      unwrap(
        authClient.organization.update({
          organizationId: organization.id,
          data: { name: data.name, slug: data.slug, logo: data.logo === '' ? undefined : data.logo },
        }),
      ),
    failure: 'The organization could not be saved.',
    resource: 'organization',
    toastErrors: false,
    success: 'Organization saved',
    onSuccess: () => router.invalidate(),
  });

  const set = (field: keyof OrganizationProfileInput) => (value: string) =>
    setValues((current) => ({ ...current, [field]: value }));
  const field = fieldBinder(values, errors, (name, value) => set(name)(value));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const result = validateForm(organizationProfileSchema, values);
    if (!result.ok) {
      setErrors(result.errors);
      return;
    }
    setErrors({});
    update.mutate(result.data, {
      onError: (error) => {
        const code = (error as { code?: string }).code;
        if (code && SLUG_TAKEN.has(code))
          setErrors({ slug: mutationErrorText(error, 'That slug is already taken.') });
      },
    });
  };

  const serverError =
    update.error && !errors.slug
      ? mutationErrorText(update.error, 'The organization could not be saved.', 'organization')
      : undefined;
  const readOnly = !can.updateOrganization;

  return (
    <form onSubmit={submit} noValidate>
      <SettingsSection
        title="Organization profile"
        description="How the organization appears to its members, in links and in the CLI."
        footer={
          readOnly ? undefined : (
            <>
              {serverError ? (
                <p role="alert" className="mr-auto text-[13px] text-danger">
                  {serverError}
                </p>
              ) : null}
              <Button
                variant="ghost"
                disabled={!dirty || update.isPending}
                onClick={() => {
                  setValues(initial);
                  setErrors({});
                  update.reset();
                }}
              >
                Reset
              </Button>
              <Button type="submit" disabled={!dirty || update.isPending}>
                {update.isPending ? 'Saving…' : 'Save changes'}
              </Button>
            </>
          )
        }
      >
        <div className="flex flex-col gap-5">
          {readOnly ? (
            <AccessNotice resource="organization">
              Only owners and admins can change the organization&rsquo;s profile.
            </AccessNotice>
          ) : null}
          <div className="flex items-center gap-4">
            <Avatar
              name={values.name || organization.name}
              image={values.logo || null}
              kind="organization"
              size="lg"
            />
            <div className="text-[13px] text-muted-foreground">
              <p className="font-medium text-foreground">
                <UserText>{organization.name}</UserText>
              </p>
              <p>
                {organization.members.length} {organization.members.length === 1 ? 'member' : 'members'}
              </p>
            </div>
          </div>
          <div className="grid gap-4 sm:grid-cols-2">
            <Field label="Organization name" readOnly={readOnly} maxLength={100} {...field('name')} />
            <Field
              label="Slug"
              readOnly={readOnly}
              maxLength={SLUG_MAX}
              autoCapitalize="off"
              spellCheck={false}
              hint={readOnly ? undefined : 'Lowercase letters, digits and dashes.'}
              {...field('slug')}
            />
          </div>
          <Field
            label="Logo URL"
            type="url"
            inputMode="url"
            readOnly={readOnly}
            placeholder="https://example.com/logo.png"
            hint={readOnly ? undefined : 'A square image works best. Leave empty for initials.'}
            {...field('logo')}
          />
        </div>
      </SettingsSection>
    </form>
  );
}
