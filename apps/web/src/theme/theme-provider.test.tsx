import { act, cleanup, render, renderHook, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ThemeEnvironment } from './theme';
import { ThemeProvider, useTheme } from './theme-provider';

function memoryStorage(initial: Record<string, string> = {}) {
  const values = new Map(Object.entries(initial));
  return {
    getItem: vi.fn((key: string) => values.get(key) ?? null),
    setItem: vi.fn((key: string, value: string) => void values.set(key, value)),
  };
}

function Probe() {
  const { theme, toggleTheme } = useTheme();
  return (
    <button type="button" onClick={toggleTheme}>
      theme: {theme}
    </button>
  );
}

function renderWith(environment: ThemeEnvironment) {
  return render(
    <ThemeProvider environment={environment}>
      <Probe />
    </ThemeProvider>,
  );
}

const root = document.documentElement;

describe('ThemeProvider', () => {
  beforeEach(() => {
    root.className = 'dark';
  });
  afterEach(cleanup);

  it('starts dark when nothing is stored and the system has no light preference', () => {
    renderWith({ storage: memoryStorage(), prefersLight: () => false });
    expect(screen.getByRole('button').textContent).toBe('theme: dark');
    expect(root.classList.contains('dark')).toBe(true);
    expect(root.classList.contains('light')).toBe(false);
  });

  it('uses the system preference for light when nothing is stored', () => {
    renderWith({ storage: memoryStorage(), prefersLight: () => true });
    expect(screen.getByRole('button').textContent).toBe('theme: light');
    expect(root.classList.contains('light')).toBe(true);
    expect(root.classList.contains('dark')).toBe(false);
  });

  it('lets a stored value win over the system preference', () => {
    renderWith({ storage: memoryStorage({ theme: 'dark' }), prefersLight: () => true });
    expect(screen.getByRole('button').textContent).toBe('theme: dark');
    expect(root.classList.contains('dark')).toBe(true);
  });

  it('applies a stored light theme', () => {
    renderWith({ storage: memoryStorage({ theme: 'light' }), prefersLight: () => false });
    expect(root.classList.contains('light')).toBe(true);
    expect(root.classList.contains('dark')).toBe(false);
  });

  it('ignores a stored value that is not a theme', () => {
    renderWith({ storage: memoryStorage({ theme: 'purple' }), prefersLight: () => false });
    expect(screen.getByRole('button').textContent).toBe('theme: dark');
  });

  it('toggles: sets the class, removes the other and stores the value', () => {
    const storage = memoryStorage();
    renderWith({ storage, prefersLight: () => false });

    act(() => screen.getByRole('button').click());
    expect(screen.getByRole('button').textContent).toBe('theme: light');
    expect(root.classList.contains('light')).toBe(true);
    expect(root.classList.contains('dark')).toBe(false);
    expect(storage.setItem).toHaveBeenLastCalledWith('theme', 'light');

    act(() => screen.getByRole('button').click());
    expect(root.classList.contains('dark')).toBe(true);
    expect(root.classList.contains('light')).toBe(false);
    expect(storage.setItem).toHaveBeenLastCalledWith('theme', 'dark');
  });

  it('keeps working when storage throws', () => {
    const storage = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('denied');
      },
    };
    renderWith({ storage, prefersLight: () => true });
    expect(screen.getByRole('button').textContent).toBe('theme: light');
    act(() => screen.getByRole('button').click());
    expect(root.classList.contains('dark')).toBe(true);
  });

  it('throws the exact message when useTheme is used outside the provider', () => {
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => renderHook(() => useTheme())).toThrow(
      new Error('useTheme must be used within a ThemeProvider'),
    );
    quiet.mockRestore();
  });
});
