import { Ajv } from 'ajv';
import { Liquid, toValue } from 'liquidjs';
import { describe, expect, it } from 'vitest';
import { createTemplateFilters } from './filters.js';
import { parseInclude } from './include.js';
import { templateLimits } from './limits.js';
import { type RenderJob, runRenderJob } from './render-job.js';
import { renderJobSteps } from './render-job-steps.js';
import { checkVariablesWith } from './variables.js';

/** Runs a job in-process with a filter `tick` that counts how often the template called it. */
function runCounting(files: Record<string, string>, includes: string[], outputBytes: number) {
  let ticks = 0;
  const deps = {
    Liquid,
    toValue,
    Ajv,
    checkVariablesWith,
    includeApplies: () => true,
    ...renderJobSteps,
    createTemplateFilters: () => ({
      ...createTemplateFilters(),
      tick: (value: unknown) => {
        ticks++;
        return String(value);
      },
    }),
  };
  const job: RenderJob = {
    templateFiles: files,
    methodName: 'test',
    variablesSchema: { type: 'object' },
    values: {},
    includes: includes.map(parseInclude),
    instruction: '',
    limits: { ...templateLimits, outputBytes },
  };
  const answer = runRenderJob(deps, job);
  return { answer, ticks };
}

const hundredChars = 'x'.repeat(100);

describe('a render job', () => {
  it('stops a render the moment its output passes the limit, instead of building it whole', () => {
    const loop = `{% for i in (1..1000000) %}{{ "${hundredChars}" | tick }}{% endfor %}`;
    const { answer, ticks } = runCounting({ 'big.txt.liquid': loop }, ['big.txt'], 1000);
    expect(answer).toMatchObject({ ok: false, code: 'OUTPUT_TOO_LARGE' });
    expect(answer.ok === false && answer.message).toContain('"big.txt.liquid" brought the output past');
    // The rendered target takes 7 bytes, so the tenth write of a hundred passes the limit and ends it.
    expect(ticks).toBe(10);
  });

  it('counts text a capture keeps, so a capture cannot build what the output may not hold', () => {
    const capture = `{% capture kept %}{% for i in (1..1000000) %}{{ "${hundredChars}" | tick }}{% endfor %}{% endcapture %}ok`;
    const { answer, ticks } = runCounting({ 'a.txt.liquid': capture }, ['a.txt'], 1000);
    expect(answer).toMatchObject({ ok: false, code: 'OUTPUT_TOO_LARGE' });
    expect(ticks).toBe(10);
  });

  it('counts every file of the job against one limit, copied files included', () => {
    const files = { 'copied.txt': 'y'.repeat(600), 'rendered.txt.liquid': `{{ "${'z'.repeat(500)}" }}` };
    const { answer } = runCounting(files, ['copied.txt', 'rendered.txt'], 1000);
    expect(answer).toMatchObject({ ok: false, code: 'OUTPUT_TOO_LARGE' });
    expect(answer.ok === false && answer.message).toContain('"rendered.txt.liquid"');
    const within = runCounting(files, ['copied.txt', 'rendered.txt'], 1200).answer;
    expect(within.ok && within.files.map((file) => file.content.length)).toEqual([600, 500]);
  });
});
