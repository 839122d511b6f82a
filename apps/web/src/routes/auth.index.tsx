import { useMutation } from '@tanstack/react-query';
import { createFileRoute, Link, redirect, useNavigate } from '@tanstack/react-router';
import { type FormEvent, type KeyboardEvent, useId, useRef, useState } from 'react';
import { toast } from 'sonner';
import { z } from 'zod';
import { GitHubIcon } from '../components/icons';
import { Logo } from '../components/logo';
import { ThemeToggle } from '../components/theme-toggle';
import { Button } from '../components/ui/button';
import { Card } from '../components/ui/card';
import { Field } from '../components/ui/field';
import { type AuthErrorLike, describeAuthError } from '../lib/auth-errors';
import { postSignInPath } from '../lib/safe-redirect';
import { optionalSearchString } from '../lib/search';
import { pageHead } from '../lib/seo';
import { refreshSession, sessionQueryOptions } from '../lib/session';

const authSearchSchema = z.object({
  /** Same-site path to return to after signing in. */
  redirect: optionalSearchString,
  /** Set by the server when a social sign-in came back with an error. */
  error: optionalSearchString,
});

export const Route = createFileRoute('/auth/')({
  validateSearch: authSearchSchema,
  beforeLoad: async ({ context, search }) => {
    const session = await context.queryClient.ensureQueryData(sessionQueryOptions(context.authClient));
    if (session) throw redirect({ href: postSignInPath(search.redirect), replace: true });
  },
  head: ({ match }) => pageHead(match.context.config, 'Sign in'),
  component: AuthPage,
});

type Mode = 'sign-in' | 'sign-up';

class AuthFormError extends Error {
  constructor(readonly detail: AuthErrorLike | null) {
    super(describeAuthError(detail));
    this.name = 'AuthFormError';
  }
}

function text(form: FormData, name: string): string {
  const value = form.get(name);
  return typeof value === 'string' ? value : '';
}

function AuthPage() {
  const { config } = Route.useRouteContext();
  const search = Route.useSearch();
  const [mode, setMode] = useState<Mode>('sign-in');
  const anyMethod = config.enableEmailSignin || config.enableGithubSignin;

  return (
    <div className="relative flex flex-1 flex-col">
      <div className="auth-backdrop pointer-events-none absolute inset-0" aria-hidden="true" />
      <header className="relative flex items-center justify-between px-6 py-5">
        <Link to="/" className="rounded-control">
          <Logo brandName={config.brandName} />
        </Link>
        <ThemeToggle />
      </header>
      <main className="relative flex flex-1 items-start justify-center px-4 pt-[8vh] pb-16">
        <div className="w-full max-w-sm">
          <h1 className="text-center text-2xl font-semibold tracking-tight">
            {mode === 'sign-in'
              ? `Sign in to ${config.brandName}`
              : `Create your ${config.brandName} account`}
          </h1>
          <p className="mt-2 text-center text-sm text-muted-foreground">
            Plan and track your AI coding agents in one place.
          </p>
          <Card className="mt-8 p-6">
            {search.error ? (
              <p
                role="alert"
                className="mb-4 rounded-control border border-danger/40 bg-danger/10 px-3 py-2 text-sm text-danger"
              >
                Sign-in with the provider did not complete ({search.error}). Try again.
              </p>
            ) : null}
            {config.enableGithubSignin ? <GitHubButton redirectTo={search.redirect} /> : null}
            {config.enableGithubSignin && config.enableEmailSignin ? (
              <div className="my-5 flex items-center gap-3 text-xs text-muted-foreground">
                <span className="h-px flex-1 bg-border" />
                or
                <span className="h-px flex-1 bg-border" />
              </div>
            ) : null}
            {config.enableEmailSignin ? (
              <EmailForms mode={mode} onModeChange={setMode} redirectTo={search.redirect} />
            ) : null}
            {anyMethod ? null : (
              <p className="text-sm text-muted-foreground">
                No sign-in method is enabled on this server. An administrator can turn on email sign-in
                (ENABLE_EMAIL_SIGNIN) or GitHub sign-in (ENABLE_GITHUB_SIGNIN).
              </p>
            )}
          </Card>
        </div>
      </main>
    </div>
  );
}

function GitHubButton({ redirectTo }: { redirectTo: string | undefined }) {
  const { authClient } = Route.useRouteContext();
  const github = useMutation({
    mutationFn: async () => {
      const origin = window.location.origin;
      const callback = new URL('/oauth/callback', origin);
      const back = postSignInPath(redirectTo);
      if (back !== '/dashboard') callback.searchParams.set('redirect', back);
      const { error } = await authClient.signIn.social({
        provider: 'github',
        callbackURL: callback.toString(),
        errorCallbackURL: new URL('/auth', origin).toString(),
      });
      if (error) throw new AuthFormError(error);
      // On success better-auth's client sends the browser to GitHub; the page unloads.
    },
  });
  return (
    <div className="flex flex-col gap-2">
      <Button
        variant="secondary"
        size="lg"
        className="w-full"
        disabled={github.isPending}
        onClick={() => github.mutate()}
      >
        <GitHubIcon className="size-4" />
        {github.isPending ? 'Redirecting to GitHub…' : 'Continue with GitHub'}
      </Button>
      {github.error ? (
        <p role="alert" className="text-sm text-danger">
          {github.error.message}
        </p>
      ) : null}
    </div>
  );
}

function EmailForms({
  mode,
  onModeChange,
  redirectTo,
}: {
  mode: Mode;
  onModeChange: (mode: Mode) => void;
  redirectTo: string | undefined;
}) {
  const { authClient, queryClient } = Route.useRouteContext();
  const navigate = useNavigate();
  const tabsId = useId();
  const tabRefs = useRef<Record<Mode, HTMLButtonElement | null>>({ 'sign-in': null, 'sign-up': null });

  const submit = useMutation({
    mutationFn: async ({ mode, form }: { mode: Mode; form: FormData }) => {
      const email = text(form, 'email').trim();
      const password = text(form, 'password');
      const { error } =
        mode === 'sign-in'
          ? await authClient.signIn.email({ email, password })
          : await authClient.signUp.email({ name: text(form, 'name').trim(), email, password });
      if (error) throw new AuthFormError(error);
    },
    onSuccess: async (_data, { mode }) => {
      await refreshSession(queryClient, authClient);
      toast.success(mode === 'sign-in' ? 'Signed in' : 'Account created');
      await navigate({ href: postSignInPath(redirectTo), replace: true });
    },
  });

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    submit.mutate({ mode, form: new FormData(event.currentTarget) });
  };

  const switchTo = (next: Mode) => {
    submit.reset();
    onModeChange(next);
  };

  // Tabs pattern: arrow keys move between the two tabs.
  const onTabKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return;
    event.preventDefault();
    const next: Mode = mode === 'sign-in' ? 'sign-up' : 'sign-in';
    switchTo(next);
    tabRefs.current[next]?.focus();
  };

  const tabs: Array<{ mode: Mode; label: string }> = [
    { mode: 'sign-in', label: 'Sign in' },
    { mode: 'sign-up', label: 'Sign up' },
  ];
  const error = submit.error?.message;
  const panelId = `${tabsId}-panel`;

  return (
    <div>
      <div
        role="tablist"
        aria-label="Sign in or sign up"
        className="mb-5 grid grid-cols-2 gap-1 rounded-control bg-subtle p-1"
      >
        {tabs.map((tab) => {
          const selected = tab.mode === mode;
          return (
            <button
              key={tab.mode}
              ref={(element) => {
                tabRefs.current[tab.mode] = element;
              }}
              type="button"
              role="tab"
              id={`${tabsId}-${tab.mode}`}
              aria-selected={selected}
              aria-controls={panelId}
              tabIndex={selected ? 0 : -1}
              onClick={() => switchTo(tab.mode)}
              onKeyDown={onTabKeyDown}
              className={
                selected
                  ? 'h-8 rounded-[calc(var(--radius-control)-2px)] bg-surface text-sm font-medium text-foreground shadow-xs'
                  : 'h-8 rounded-[calc(var(--radius-control)-2px)] text-sm font-medium text-muted-foreground hover:text-foreground'
              }
            >
              {tab.label}
            </button>
          );
        })}
      </div>
      <div role="tabpanel" id={panelId} aria-labelledby={`${tabsId}-${mode}`}>
        <form key={mode} onSubmit={onSubmit} className="flex flex-col gap-4" noValidate={false}>
          {mode === 'sign-up' ? (
            <Field label="Name" name="name" autoComplete="name" required maxLength={100} />
          ) : null}
          <Field label="Email" name="email" type="email" autoComplete="email" required />
          <Field
            label="Password"
            name="password"
            type="password"
            autoComplete={mode === 'sign-in' ? 'current-password' : 'new-password'}
            required
            minLength={mode === 'sign-up' ? 8 : undefined}
            hint={mode === 'sign-up' ? 'At least 8 characters.' : undefined}
          />
          {error ? (
            <p
              role="alert"
              className="rounded-control border border-danger/40 bg-danger/10 px-3 py-2 text-sm text-danger"
            >
              {error}
            </p>
          ) : null}
          <Button type="submit" size="lg" className="mt-1 w-full" disabled={submit.isPending}>
            {mode === 'sign-in'
              ? submit.isPending
                ? 'Signing in…'
                : 'Sign in'
              : submit.isPending
                ? 'Creating account…'
                : 'Create account'}
          </Button>
        </form>
      </div>
    </div>
  );
}
