import { useRouter } from '@tanstack/react-router';
import { type FormEvent, useState } from 'react';
import { fieldBinder } from '../../components/ui/field-binding';
import { unwrap } from '../../lib/auth-call';
import {
  type FieldErrors,
  type OrganizationProfileInput,
  organizationProfileSchema,
  validateForm,
} from '../../lib/organization-forms';
import { mutationErrorText, useAuthMutation } from './use-auth-mutation';
import { type ActiveOrganizationView, useDashboardClients } from './use-organization';

const SLUG_TAKEN = new Set(['ORGANIZATION_ALREADY_EXISTS', 'ORGANIZATION_SLUG_ALREADY_TAKEN']);

/**
 * The organization profile's values as edited, whether they differ from the saved ones, and saving
 * them: checked first, a taken slug shown on its field, any other refusal beside the buttons.
 */
export function useOrganizationProfileForm(organization: ActiveOrganizationView['organization']) {
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

  const reset = () => {
    setValues(initial);
    setErrors({});
    update.reset();
  };

  // A taken slug is already said on its field.
  const serverError = errors.slug ? undefined : update.failureText;
  return { values, dirty, field, submit, reset, serverError, pending: update.isPending };
}
