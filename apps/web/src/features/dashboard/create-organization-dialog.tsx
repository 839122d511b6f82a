import { getRouteApi } from '@tanstack/react-router';
import { type FormEvent, useState } from 'react';
import { Dialog, DialogFooter } from '../../components/ui/dialog';
import { Field } from '../../components/ui/field';
import { useSwitchOrganization } from '../../hooks/use-switch-organization';
import { unwrap } from '../../lib/auth-call';
import { describeOrganizationError } from '../../lib/error-messages';
import type { Organization } from '../../lib/organization';
import {
  type CreateOrganizationInput,
  createOrganizationSchema,
  type FieldErrors,
  SLUG_MAX,
  slugify,
  validateForm,
} from '../../lib/organization-forms';
import { useAuthMutation } from '../settings/use-auth-mutation';

const dashboardRoute = getRouteApi('/dashboard');

const SLUG_TAKEN = new Set(['ORGANIZATION_ALREADY_EXISTS', 'ORGANIZATION_SLUG_ALREADY_TAKEN']);

/** Name and slug for a new organization; the slug follows the name until it is edited by hand. */
export function CreateOrganizationDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { authClient } = dashboardRoute.useRouteContext();
  const switchOrganization = useSwitchOrganization();
  const [name, setName] = useState('');
  const [slug, setSlug] = useState('');
  const [slugEdited, setSlugEdited] = useState(false);
  const [errors, setErrors] = useState<FieldErrors<CreateOrganizationInput>>({});

  const reset = () => {
    setName('');
    setSlug('');
    setSlugEdited(false);
    setErrors({});
  };
  const close = () => {
    reset();
    onClose();
  };

  const create = useAuthMutation({
    path: '/organization/create',
    call: (input: CreateOrganizationInput) =>
      unwrap(authClient.organization.create(input)) as Promise<Organization>,
    failure: 'The organization could not be created.',
    toastErrors: false,
    onSuccess: async (organization) => {
      await switchOrganization({ organizationId: organization.id, organizationSlug: organization.slug });
      close();
    },
    success: (organization) => `Created ${organization.name}`,
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const result = validateForm(createOrganizationSchema, { name, slug });
    if (!result.ok) {
      setErrors(result.errors);
      return;
    }
    setErrors({});
    create.mutate(result.data, {
      onError: (error) => {
        const code = (error as { code?: string }).code;
        const message = describeOrganizationError(
          error,
          'The organization could not be created.',
          'organization',
        );
        setErrors(code && SLUG_TAKEN.has(code) ? { slug: message } : { name: message });
      },
    });
  };

  return (
    <Dialog
      open={open}
      onClose={close}
      title="Create organization"
      description="A separate workspace with its own projects, members and settings. You will be its owner."
    >
      <form onSubmit={submit} noValidate className="flex flex-col gap-4">
        <Field
          label="Name"
          name="name"
          value={name}
          autoFocus
          autoComplete="organization"
          maxLength={100}
          placeholder="Acme Robotics"
          error={errors.name}
          onChange={(event) => {
            const value = event.currentTarget.value;
            setName(value);
            if (!slugEdited) setSlug(slugify(value));
          }}
        />
        <Field
          label="Slug"
          name="slug"
          value={slug}
          maxLength={SLUG_MAX}
          autoCapitalize="off"
          spellCheck={false}
          placeholder="acme-robotics"
          hint="Lowercase letters, digits and dashes. Used in links and by the CLI."
          error={errors.slug}
          onChange={(event) => {
            setSlugEdited(true);
            setSlug(event.currentTarget.value);
          }}
        />
        <DialogFooter
          onCancel={close}
          actionLabel="Create organization"
          pendingLabel="Creating…"
          pending={create.isPending}
        />
      </form>
    </Dialog>
  );
}
