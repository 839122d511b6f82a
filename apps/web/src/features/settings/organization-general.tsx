import { Avatar } from '../../components/ui/avatar';
import { Button } from '../../components/ui/button';
import { Field } from '../../components/ui/field';
import { SettingsSection } from '../../components/ui/section';
import { UserText } from '../../components/ui/user-text';
import { SLUG_MAX } from '../../lib/organization-forms';
import { AccessNotice } from './access-notice';
import type { ActiveOrganizationView } from './use-organization';
import { useOrganizationProfileForm } from './use-organization-profile-form';

/** Name, slug and logo of the active organization; read-only for roles without organization:update. */
export function OrganizationProfileForm({ view }: { view: ActiveOrganizationView }) {
  const { organization, can } = view;
  const form = useOrganizationProfileForm(organization);
  const readOnly = !can.updateOrganization;

  return (
    <form onSubmit={form.submit} noValidate>
      <SettingsSection
        title="Organization profile"
        description="How the organization appears to its members, in links and in the CLI."
        footer={
          readOnly ? undefined : (
            <>
              {form.serverError ? (
                <p role="alert" className="mr-auto text-[13px] text-danger">
                  {form.serverError}
                </p>
              ) : null}
              <Button variant="ghost" disabled={!form.dirty || form.pending} onClick={form.reset}>
                Reset
              </Button>
              <Button type="submit" disabled={!form.dirty || form.pending}>
                {form.pending ? 'Saving…' : 'Save changes'}
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
              name={form.values.name || organization.name}
              image={form.values.logo || null}
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
            <Field label="Organization name" readOnly={readOnly} maxLength={100} {...form.field('name')} />
            <Field
              label="Slug"
              readOnly={readOnly}
              maxLength={SLUG_MAX}
              autoCapitalize="off"
              spellCheck={false}
              hint={readOnly ? undefined : 'Lowercase letters, digits and dashes.'}
              {...form.field('slug')}
            />
          </div>
          <Field
            label="Logo URL"
            type="url"
            inputMode="url"
            readOnly={readOnly}
            placeholder="https://example.com/logo.png"
            hint={readOnly ? undefined : 'A square image works best. Leave empty for initials.'}
            {...form.field('logo')}
          />
        </div>
      </SettingsSection>
    </form>
  );
}
