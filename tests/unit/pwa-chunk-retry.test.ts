import { describe, expect, it, vi } from 'vitest';
import { CHUNK_RETRY_DELAYS_MS, forgetReload, loadWithRetries, reloadOnce } from '../../src/lib/chunk-retry.ts';

/** sessionStorage's shape over a Map. */
function memoryStorage() {
  const items = new Map<string, string>();
  return {
    items,
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  };
}

/** An import that fails `failures` times, then resolves. */
function flakyImport(failures: number) {
  let calls = 0;
  return {
    calls: () => calls,
    attempt: async () => {
      calls++;
      if (calls <= failures) throw new TypeError('Failed to fetch dynamically imported module: /assets/tours-abc.js');
      return { component: 'Tours' };
    },
  };
}

describe('chunk-load retries', () => {
  it('waits 1 s, then 2 s, between attempts', () => {
    expect(CHUNK_RETRY_DELAYS_MS).toEqual([1000, 2000]);
  });

  it('retries after 1 s and 2 s and resolves when an attempt succeeds', async () => {
    const waits: number[] = [];
    const reload = vi.fn(() => true);
    const chunk = flakyImport(2);
    const result = await loadWithRetries('tours', chunk.attempt, { wait: async (ms) => void waits.push(ms), reload });
    expect(result).toEqual({ component: 'Tours' });
    expect(chunk.calls()).toBe(3);
    expect(waits).toEqual([1000, 2000]);
    expect(reload).not.toHaveBeenCalled();
  });

  it('reloads on the third failure and then never settles', async () => {
    const waits: number[] = [];
    const reload = vi.fn(() => true);
    const chunk = flakyImport(5);
    const outcome = vi.fn();
    void loadWithRetries('tours', chunk.attempt, { wait: async (ms) => void waits.push(ms), reload }).then(outcome, outcome);
    await vi.waitFor(() => expect(reload).toHaveBeenCalledWith('tours'));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(chunk.calls()).toBe(3);
    expect(waits).toEqual([1000, 2000]);
    expect(outcome).not.toHaveBeenCalled();
  });

  it('throws the failure when the page may not reload again', async () => {
    const chunk = flakyImport(5);
    await expect(loadWithRetries('tours', chunk.attempt, { wait: async () => {}, reload: () => false })).rejects.toThrow('Failed to fetch dynamically imported module');
    expect(chunk.calls()).toBe(3);
  });

  it('waits in real time with the default delays', async () => {
    vi.useFakeTimers();
    try {
      const chunk = flakyImport(2);
      const done = loadWithRetries('tours', chunk.attempt, { reload: () => false });
      await vi.advanceTimersByTimeAsync(999);
      expect(chunk.calls()).toBe(1);
      await vi.advanceTimersByTimeAsync(1);
      expect(chunk.calls()).toBe(2);
      await vi.advanceTimersByTimeAsync(1999);
      expect(chunk.calls()).toBe(2);
      await vi.advanceTimersByTimeAsync(1);
      await expect(done).resolves.toEqual({ component: 'Tours' });
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('the reload guard', () => {
  it('reloads once per chunk until that chunk loads again', () => {
    const storage = memoryStorage();
    const reload = vi.fn();
    expect(reloadOnce('tours', storage, reload)).toBe(true);
    expect(reloadOnce('tours', storage, reload)).toBe(false);
    expect(reloadOnce('blog', storage, reload)).toBe(true);
    expect(reload).toHaveBeenCalledTimes(2);
    forgetReload('tours', storage);
    expect(reloadOnce('tours', storage, reload)).toBe(true);
    expect(reload).toHaveBeenCalledTimes(3);
  });

  it('does not reload without storage for the guard', () => {
    const reload = vi.fn();
    const blocked = {
      getItem: () => {
        throw new DOMException('denied', 'SecurityError');
      },
      setItem: () => {},
    };
    expect(reloadOnce('tours', blocked, reload)).toBe(false);
    expect(reload).not.toHaveBeenCalled();
  });
});
