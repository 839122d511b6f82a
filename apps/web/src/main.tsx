import { RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BootError } from './components/boot-error';
import { initAnalytics } from './lib/analytics';
import { reportCaughtError } from './lib/caught-errors';
import { installChunkReloadListener } from './lib/chunk-reload';
import { configQueryOptions, fetchPublicConfig, resolveApiOrigin } from './lib/config';
import { createAppRouter } from './router';
import './styles.css';

async function boot(container: HTMLElement) {
  installChunkReloadListener(window);
  const root = createRoot(container, { onCaughtError: (error, info) => reportCaughtError(error, info) });

  // Nothing renders before the runtime config is known: it decides sign-in methods, brand and API origin.
  let router: ReturnType<typeof createAppRouter>;
  try {
    const config = await fetchPublicConfig();
    router = createAppRouter({
      config,
      // React Query and the auth client load with the first route that needs them (sign-in, the
      // dashboard), so the public pages' JavaScript stays small and they load fast.
      loadQueryClient: async () => {
        const { createQueryClient } = await import('./lib/query-client');
        const queryClient = createQueryClient();
        queryClient.setQueryData(configQueryOptions().queryKey, config);
        return queryClient;
      },
      loadAuthClient: async () => {
        const { createAuthClient } = await import('@switchboard/auth/client');
        return createAuthClient({ baseURL: resolveApiOrigin(config, window.location.origin) });
      },
    });
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
      <RouterProvider router={router} />
    </StrictMode>,
  );
}

const container = document.getElementById('root');
if (container) void boot(container);
