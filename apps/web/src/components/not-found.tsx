/** When no page matches: plain text 'Not Found', the same words the API uses. */
export function NotFound() {
  return (
    <main className="grid min-h-[50dvh] place-items-center px-6 text-sm text-muted-foreground">
      <p>Not Found</p>
    </main>
  );
}
