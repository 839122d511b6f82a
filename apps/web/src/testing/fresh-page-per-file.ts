// The web tests share one jsdom page per worker (vitest `isolate: false`). After each file this puts
// the page back as a fresh one would be, so no file sees what an earlier one rendered, stored or faked.
import { cleanup } from '@testing-library/react';
import { afterAll, vi } from 'vitest';

afterAll(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  // A file may run in Node instead (`@vitest-environment node`): there is no page to reset.
  if (typeof document === 'undefined') return;
  // Unmounts what the file rendered, so its effects and subscriptions end with it.
  cleanup();
  document.head.replaceChildren();
  document.body.replaceChildren();
  for (const name of document.documentElement.getAttributeNames())
    document.documentElement.removeAttribute(name);
  for (const name of document.body.getAttributeNames()) document.body.removeAttribute(name);
  localStorage.clear();
  sessionStorage.clear();
});
