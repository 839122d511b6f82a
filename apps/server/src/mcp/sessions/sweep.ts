import type { DomainServices } from '../../domain/services';
import { sweepExpired } from '../../domain/upkeep';

/**
 * Leases and sessions run out without anyone calling: the next request after sweepEveryMs records
 * it (before it is served, so what it reads is current). A failure is logged, never the caller's.
 */
export function sweepWhenDue(
  services: DomainServices,
  { sweepEveryMs, sessionTimeoutMs }: { sweepEveryMs: number; sessionTimeoutMs: number },
): () => Promise<void> {
  let lastSweepAt = Number.NEGATIVE_INFINITY;
  return async () => {
    const at = services.clock.now().getTime();
    if (at - lastSweepAt < sweepEveryMs) return;
    lastSweepAt = at;
    await sweepExpired(services, sessionTimeoutMs, 'mcp');
  };
}
