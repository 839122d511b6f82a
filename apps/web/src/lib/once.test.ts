import { describe, expect, it, vi } from 'vitest';
import { once } from './once';

describe('once', () => {
  it('loads once and gives every caller the same value', async () => {
    const load = vi.fn(async () => ({ client: true }));
    const get = once(load);
    const [a, b] = await Promise.all([get(), get()]);
    expect(a).toBe(b);
    expect(await get()).toBe(a);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('tries again after a failed load', async () => {
    const load = vi
      .fn<() => Promise<string>>()
      .mockRejectedValueOnce(new Error('Failed to fetch dynamically imported module'))
      .mockResolvedValue('loaded');
    const get = once(load);
    await expect(get()).rejects.toThrow('Failed to fetch dynamically imported module');
    await expect(get()).resolves.toBe('loaded');
    await expect(get()).resolves.toBe('loaded');
    expect(load).toHaveBeenCalledTimes(2);
  });
});
