import { QueryErrorResetBoundary } from '@tanstack/react-query';
import { Component, type ReactNode, Suspense } from 'react';
import { describeError } from '../../lib/error-messages';

interface BoundaryState {
  error: unknown;
}

class Boundary extends Component<{ children: ReactNode; title: string; onReset: () => void }, BoundaryState> {
  override state: BoundaryState = { error: undefined };

  static getDerivedStateFromError(error: unknown): BoundaryState {
    return { error: error ?? new Error('Unknown error') };
  }

  override render() {
    if (this.state.error === undefined) return this.props.children;
    return (
      <div
        role="alert"
        className="rounded-card border border-dashed border-border px-4 py-6 text-sm text-muted-foreground"
      >
        <p>
          {this.props.title} could not be loaded: {describeError(this.state.error)}
        </p>
        <button
          type="button"
          onClick={() => {
            this.props.onReset();
            this.setState({ error: undefined });
          }}
          className="mt-2 text-[13px] text-accent hover:underline"
        >
          Try again
        </button>
      </div>
    );
  }
}

/** One part of a page that loads (and may fail) on its own, without taking the page down. */
export function SectionBoundary({ title, children }: { title: string; children: ReactNode }) {
  return (
    <QueryErrorResetBoundary>
      {({ reset }) => (
        <Boundary title={title} onReset={reset}>
          <Suspense
            fallback={
              <div
                role="status"
                className="h-24 animate-pulse rounded-card border border-border bg-subtle/40"
              >
                <span className="sr-only">Loading {title}…</span>
              </div>
            }
          >
            {children}
          </Suspense>
        </Boundary>
      )}
    </QueryErrorResetBoundary>
  );
}
