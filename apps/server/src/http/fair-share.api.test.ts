import { describe, expect, it } from 'vitest';
import { type AttackAnswer, readFlood } from '../testing/noisy-neighbour';
import { useOrganizationFixture } from '../testing/organization-fixture';

const fixture = useOrganizationFixture();

describe("an organization's share of reads", () => {
  it('refuses reads past its share with 429 and Retry-After, answers the rest, and serves another organization', async () => {
    const attacker = { url: fixture.server.url, cookie: fixture.owner.cookieHeader };
    // Requests reach the server one after another; a round whose first reads were answered before its
    // last arrived may fit in the line whole, so the flood goes on, a few rounds at most, until the
    // line overflows.
    const answers: AttackAnswer[] = [];
    const neighbourAnswers: number[] = [];
    for (let round = 0; round < 5 && !answers.some((answer) => answer.status === 429); round++) {
      const [flood, neighbour] = await Promise.all([
        readFlood(attacker, fixture.project.id, 100, new AbortController().signal),
        // Sent while the flood waits its turn: the outsider's read is not in the owner's line.
        new Promise((resolve) => setTimeout(resolve, 20)).then(() =>
          fixture.outsider.get('/api/v1/projects'),
        ),
      ]);
      answers.push(...flood);
      neighbourAnswers.push(neighbour.status);
    }
    expect(neighbourAnswers).toEqual(neighbourAnswers.map(() => 200));
    const refused = answers.filter((answer) => answer.status === 429);
    expect(refused.length).toBeGreaterThan(0);
    for (const answer of refused) {
      expect(answer.code).toBe('FAIR_SHARE_EXCEEDED');
      expect(Number(answer.retryAfter)).toBeGreaterThanOrEqual(1);
    }
    expect(answers.filter((answer) => answer.status !== 429).map((answer) => answer.status)).toEqual(
      Array(answers.length - refused.length).fill(200),
    );
  }, 120_000);
});
