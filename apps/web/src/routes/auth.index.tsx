import { QueryClientProvider, useMutation } from '@tanstack/react-query';
import { createFileRoute, redirect, useNavigate } from '@tanstack/react-router';
import { type FormEvent, useCallback, useEffect, useId, useRef, useState } from 'react';
import { toast } from 'sonner';
import { GitHubIcon } from '../components/icons';
import { Button } from '../components/ui/button';
import { type AuthMode, AuthModeTabs } from '../features/auth/auth-mode-tabs';
import { AuthAlert, AuthShell } from '../features/auth/auth-shell';
import { EmailCredentialsForm } from '../features/auth/email-credentials-form';
import { postSignInPath } from '../features/auth/safe-redirect';
import { captchaHeaders, loadTurnstile, type TurnstileApi } from '../features/auth/turnstile';
import { TwoFactorChallenge } from '../features/auth/two-factor-challenge';
import { type AuthErrorLike, afterAuthCall } from '../lib/auth-call';
import { describeAuthError } from '../lib/error-messages';
import { optionalSearchParam } from '../lib/search';
import { pageHead } from '../lib/seo';
import { loadSessionClients, sessionQueryOptions } from '../lib/session';
import { useTheme } from '../theme/theme-provider';

interface AuthSearch {
  /** Same-site path to return to after signing in. */
  redirect?: string | undefined;
  /** Set by the server when a social sign-in came back with an error. */
  error?: string | undefined;
}

export const Route = createFileRoute('/auth/')({
  validateSearch: (search: Record<string, unknown>): AuthSearch => ({
    redirect: optionalSearchParam(search.redirect),
    error: optionalSearchParam(search.error),
  }),
  beforeLoad: async ({ context, search }) => {
    const { queryClient, authClient } = await loadSessionClients(context);
    const session = await queryClient.ensureQueryData(sessionQueryOptions(authClient));
    if (session) throw redirect({ href: postSignInPath(search.redirect), replace: true });
    return { queryClient, authClient };
  },
  head: ({ match }) => pageHead(match.context.config, 'Sign in'),
  component: AuthRoute,
});

/** React Query's provider lives here rather than at the root, so public pages never load it. */
function AuthRoute() {
  const { queryClient } = Route.useRouteContext();
  return (
    <QueryClientProvider client={queryClient}>
      <AuthPage />
    </QueryClientProvider>
  );
}

// better-auth's captcha plugin answers these when the Turnstile token is missing or refused.
const CAPTCHA_CODES = new Set(['MISSING_RESPONSE', 'VERIFICATION_FAILED']);

class AuthFormError extends Error {
  constructor(readonly detail: AuthErrorLike | null) {
    super(
      detail?.code && CAPTCHA_CODES.has(detail.code)
        ? 'The check that you are human did not pass. Complete it again, then retry.'
        : describeAuthError(detail),
    );
    this.name = 'AuthFormError';
  }
}

/** Whether a sign-in's answer is two-factor sign-in's challenge rather than a session. */
function asksForSecondFactor(answer: unknown): boolean {
  return (
    typeof answer === 'object' &&
    answer !== null &&
    'twoFactorRedirect' in answer &&
    answer.twoFactorRedirect === true
  );
}

function text(form: FormData, name: string): string {
  const value = form.get(name);
  return typeof value === 'string' ? value : '';
}

function AuthPage() {
  const { config } = Route.useRouteContext();
  const search = Route.useSearch();
  const [mode, setMode] = useState<AuthMode>('sign-in');
  const anyMethod = config.enableEmailSignin || config.enableGithubSignin;

  return (
    <AuthShell
      brandName={config.brandName}
      title={
        mode === 'sign-in' ? `Sign in to ${config.brandName}` : `Create your ${config.brandName} account`
      }
      description="Plan and track your AI coding agents in one place."
    >
      {search.error ? (
        <div className="mb-4">
          <AuthAlert>Sign-in with the provider did not complete ({search.error}). Try again.</AuthAlert>
        </div>
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
    </AuthShell>
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
      // GitHub is a genericOAuth provider on the server (providerId 'github', configurable endpoints);
      // better-auth 1.7 registers those as first-class social providers, reached through signIn.social.
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
  mode: AuthMode;
  onModeChange: (mode: AuthMode) => void;
  redirectTo: string | undefined;
}) {
  const { authClient, queryClient, config } = Route.useRouteContext();
  const navigate = useNavigate();
  const tabsId = useId();
  // The bot check runs only when the server verifies it (TURNSTILE_SECRET_KEY set there).
  const challenge = config.turnstileEnabled === true;
  const turnstile = useTurnstile(challenge ? config.turnstileSiteKey : null);

  const [awaitingCode, setAwaitingCode] = useState(false);
  const finish = async (finished: AuthMode | 'two-factor') => {
    // The session is read again shortly after sign-in or sign-up, before moving on.
    await afterAuthCall(queryClient, finished === 'sign-up' ? '/sign-up/email' : '/sign-in/email');
    toast.success(finished === 'sign-up' ? 'Account created' : 'Signed in');
    await navigate({ href: postSignInPath(redirectTo), replace: true });
  };

  const submit = useMutation({
    mutationFn: async ({ mode, form }: { mode: AuthMode; form: FormData }) => {
      if (challenge && !turnstile.token) throw new Error('Complete the check that you are human first.');
      const email = text(form, 'email').trim();
      const password = text(form, 'password');
      const fetchOptions = { headers: captchaHeaders(turnstile.token) };
      const { data, error } =
        mode === 'sign-in'
          ? await authClient.signIn.email({ email, password }, fetchOptions)
          : await authClient.signUp.email({ name: text(form, 'name').trim(), email, password }, fetchOptions);
      if (error) throw new AuthFormError(error);
      // With two-factor sign-in on, the right password leads to the code step, not yet a session.
      return { needsCode: asksForSecondFactor(data) };
    },
    onSuccess: async ({ needsCode }, { mode }) => {
      if (needsCode) {
        setAwaitingCode(true);
        return;
      }
      await finish(mode);
    },
    // A Turnstile token is good for one attempt only.
    onSettled: () => turnstile.reset(),
  });

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    submit.mutate({ mode, form: new FormData(event.currentTarget) });
  };

  const switchTo = (next: AuthMode) => {
    submit.reset();
    onModeChange(next);
  };

  const error = submit.error?.message;
  const panelId = `${tabsId}-panel`;

  if (awaitingCode)
    return (
      <TwoFactorChallenge
        authClient={authClient}
        onSignedIn={() => finish('two-factor')}
        onCancel={() => {
          submit.reset();
          setAwaitingCode(false);
        }}
      />
    );

  return (
    <div>
      <AuthModeTabs mode={mode} tabsId={tabsId} panelId={panelId} onSwitch={switchTo} />
      <div role="tabpanel" id={panelId} aria-labelledby={`${tabsId}-${mode}`}>
        <EmailCredentialsForm
          key={mode}
          mode={mode}
          error={error}
          pending={submit.isPending}
          challenge={challenge ? <TurnstileBox state={turnstile} /> : null}
          onSubmit={onSubmit}
        />
      </div>
    </div>
  );
}

interface TurnstileState {
  token: string | null;
  /** Where the widget renders. */
  containerRef: (element: HTMLDivElement | null) => void;
  failed: boolean;
  reset: () => void;
}

/**
 * Cloudflare Turnstile, loaded only on this page and only when the server verifies it. The token it
 * hands back goes with the next sign-in or sign-up; `reset` asks for a new one after each attempt.
 */
function useTurnstile(siteKey: string | null): TurnstileState {
  const { theme } = useTheme();
  const [token, setToken] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  const [container, setContainer] = useState<HTMLDivElement | null>(null);
  const widget = useRef<{ api: TurnstileApi; id: string } | null>(null);

  useEffect(() => {
    if (!siteKey || !container) return;
    let cancelled = false;
    loadTurnstile()
      .then((api) => {
        if (cancelled) return;
        const id = api.render(container, {
          sitekey: siteKey,
          theme,
          action: 'sign-in',
          callback: (value) => {
            setToken(value);
            setFailed(false);
          },
          'expired-callback': () => setToken(null),
          'error-callback': () => {
            setToken(null);
            setFailed(true);
          },
        });
        if (id) widget.current = { api, id };
      })
      .catch(() => {
        if (!cancelled) setFailed(true);
      });
    return () => {
      cancelled = true;
      if (widget.current) widget.current.api.remove(widget.current.id);
      widget.current = null;
      setToken(null);
    };
  }, [siteKey, container, theme]);

  const reset = useCallback(() => {
    setToken(null);
    if (widget.current) widget.current.api.reset(widget.current.id);
  }, []);

  return { token, containerRef: setContainer, failed, reset };
}

function TurnstileBox({ state }: { state: TurnstileState }) {
  return (
    <div className="flex flex-col gap-1.5">
      <div ref={state.containerRef} className="min-h-[65px]" />
      {state.failed ? (
        <p role="alert" className="text-xs text-danger">
          The check that you are human could not load. Check your connection, then reload the page.
        </p>
      ) : null}
    </div>
  );
}
