import { sharedRenderUsage, templateLimits } from '@switchboard/templates';
import { describe, expect, it } from 'vitest';
import { request, type Session } from './testing/noisy-neighbour';
import { useOrganizationFixture } from './testing/organization-fixture';

// One organization asks for many previews whose output is just under the limit: the render workers
// hold no more output at once than their budget, and the server's memory does not grow with the
// number of previews asked for.

const PREVIEWS = 20;
/** About 9 MB: 90,000 lines of 100 bytes. */
const bigTemplate = {
  name: 'big-output',
  scaffoldYaml: 'features:\n  - name: big\n    includes: [big.txt]\n',
  files: { 'big.txt.liquid': `{% for i in (1..90000) %}${'x'.repeat(99)}\n{% endfor %}` },
};
const OUTPUT_BYTES = 90_000 * 100;
/**
 * Twenty outputs held at once, each as the worker's answer, its JSON and the bytes sent, would take
 * over 500 MB; before renders reserved their output, twenty such previews raised memory by 715 MB.
 */
const RSS_GROWTH_LIMIT = PREVIEWS * OUTPUT_BYTES * 3;

const fixture = useOrganizationFixture();

/** Reads an answer to its end without keeping it, so the test's own memory stays out of the figure. */
async function drain(response: Response): Promise<number> {
  const reader = response.body?.getReader();
  if (!reader) return 0;
  let bytes = 0;
  for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) bytes += chunk.value.length;
  return bytes;
}

describe('previews of large outputs', () => {
  it('hold no more output at once than the render budget, however many are asked for', async () => {
    const owner: Session = { url: fixture.server.url, cookie: fixture.owner.cookieHeader };
    const created = await request(owner, 'POST', '/api/v1/templates', bigTemplate);
    expect(created.status).toBe(201);
    await drain(created);

    const before = process.memoryUsage().rss;
    let peak = before;
    const sampler = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage().rss);
    }, 10);
    const answers = await Promise.all(
      Array.from({ length: PREVIEWS }, async () => {
        const response = await request(owner, 'POST', `/api/v1/templates/${bigTemplate.name}/preview`, {
          method: 'big',
        });
        return { status: response.status, bytes: await drain(response) };
      }),
    ).finally(() => clearInterval(sampler));

    const rendered = answers.filter((answer) => answer.status === 200);
    expect(rendered.length).toBeGreaterThan(0);
    for (const answer of rendered) expect(answer.bytes).toBeGreaterThan(OUTPUT_BYTES);
    // The rest were refused past the organization's share (429) or stopped at a render limit (422).
    expect(answers.filter((answer) => ![200, 422, 429].includes(answer.status))).toEqual([]);

    const usage = await sharedRenderUsage();
    expect(usage.heldBytesLimit).toBe(templateLimits.heldOutputBytes);
    // Each render reserved its output limit while it ran, and the reservations never passed the budget.
    expect(usage.peakHeldBytes).toBeGreaterThanOrEqual(templateLimits.outputBytes);
    expect(usage.peakHeldBytes).toBeLessThanOrEqual(usage.heldBytesLimit);
    expect(usage.heldBytes).toBe(0);
    expect(peak - before).toBeLessThan(RSS_GROWTH_LIMIT);
  }, 180_000);
});
