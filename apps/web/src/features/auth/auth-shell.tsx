import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { Logo } from '../../components/logo';
import { ThemeToggle } from '../../components/theme-toggle';
import { Card } from '../../components/ui/card';

export interface AuthShellProps {
  brandName: string;
  title: string;
  description: ReactNode;
  children: ReactNode;
}

/** The signed-out pages' frame: the logo home, the theme switch, a heading and one card. */
export function AuthShell({ brandName, title, description, children }: AuthShellProps) {
  return (
    <div className="relative flex flex-1 flex-col">
      <div className="auth-backdrop pointer-events-none absolute inset-0" aria-hidden="true" />
      <header className="relative flex items-center justify-between px-6 py-5">
        <Link to="/" className="rounded-control">
          <Logo brandName={brandName} />
        </Link>
        <ThemeToggle />
      </header>
      <main className="relative flex flex-1 items-start justify-center px-4 pt-[8vh] pb-16">
        <div className="w-full max-w-sm">
          <h1 className="text-center text-2xl font-semibold tracking-tight">{title}</h1>
          <p className="mt-2 text-center text-sm text-muted-foreground">{description}</p>
          <Card className="mt-8 p-6">{children}</Card>
        </div>
      </main>
    </div>
  );
}

/** A refusal or failure inside an auth card, announced as it appears. */
export function AuthAlert({ children }: { children: ReactNode }) {
  return (
    <p
      role="alert"
      className="rounded-control border border-danger/40 bg-danger/10 px-3 py-2 text-sm text-danger"
    >
      {children}
    </p>
  );
}

/** The way back from the password pages to the sign-in form. */
export function BackToSignIn({ label = 'Back to sign in' }: { label?: string }) {
  return (
    <Link
      to="/auth"
      className="self-center rounded-control text-[13px] text-muted-foreground underline-offset-4 hover:text-foreground hover:underline"
    >
      {label}
    </Link>
  );
}
