import { ErrorView } from './error-view';

/** Shown when the app cannot even load its configuration (server down, bad deploy). */
export function BootError({ error }: { error: unknown }) {
  return (
    <div className="flex min-h-dvh w-full flex-col items-center justify-center bg-background text-foreground">
      <ErrorView error={error} />
      <button
        type="button"
        onClick={() => window.location.reload()}
        className="text-sm text-muted-foreground underline underline-offset-4 hover:text-foreground"
      >
        Reload
      </button>
    </div>
  );
}
