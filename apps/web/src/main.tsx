import type { AuthClient } from '@switchboard/auth/client';
import { createAuthClient } from '@switchboard/auth/client';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BootError } from './components/boot-error';
import { initAnalytics } from './lib/analytics';
import { installChunkReloadListener } from './lib/chunk-reload';
import { configQueryOptions, resolveApiOrigin } from './lib/config';
import { createQueryClient } from './lib/query-client';
import { createAppRouter } from './router';
import './styles.css';

async function boot(container: HTMLElement) {
  installChunkReloadListener(window);
  const root = createRoot(container);
  const queryClient = createQueryClient();

  // Nothing renders before the runtime config is known: it decides sign-in methods, brand and API origin.
  let router: ReturnType<typeof createAppRouter>;
  try {
    const config = await queryClient.ensureQueryData(configQueryOptions());
    const authClient: AuthClient = createAuthClient({
      baseURL: resolveApiOrigin(config, window.location.origin),
    });
    router = createAppRouter({ queryClient, config, authClient });
    void initAnalytics(config).catch((error: unknown) => console.warn('Analytics did not start:', error));
  } catch (error) {
    root.render(<BootError error={error} />);
    return;
  }

  // A prerendered public page stays on screen until its route is loaded, so the app replaces it in one
  // commit instead of flashing an empty or pending frame first.
  if (container.firstElementChild) await router.load().catch(() => undefined);

  root.render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </StrictMode>,
  );
}

const container = document.getElementById('root');
if (container) void boot(container);
