/** Spec §2: when no page matches, plain text 'Not Found'. */
export function NotFound() {
  return (
    <main className="grid min-h-[50dvh] place-items-center px-6 text-sm text-muted-foreground">
      <p>Not Found</p>
    </main>
  );
}
