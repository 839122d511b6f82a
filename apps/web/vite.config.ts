import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type PluginOption } from 'vite';
import { content } from './vite/content.ts';

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

const plugins: PluginOption[] = [
  // The router plugin must run before React's so route files are code-split before JSX is compiled.
  tanstackRouter({
    target: 'react',
    autoCodeSplitting: true,
    routesDirectory: here('./src/routes'),
    generatedRouteTree: here('./src/routeTree.gen.ts'),
    quoteStyle: 'single',
    semicolons: true,
  }),
  react(),
  tailwindcss(),
  // ── Public-site plugins go here, e.g. `content()` from './vite/content'. ──
  content(),
];

export default defineConfig({
  plugins,
  server: {
    // The API runs beside Vite in development (`pnpm dev`); the browser only ever talks to one origin.
    proxy: { '/api': { target: 'http://127.0.0.1:3000' } },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
  },
});
