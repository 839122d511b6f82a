import { TemplateError } from './errors.js';
import { createTemplateFilters } from './filters.js';
import { includeApplies } from './include.js';
import { templateLimits } from './limits.js';
import { normalizeProjectFolder, normalizeProjectPath } from './paths.js';
import type { RenderJob, RenderJobAnswer } from './render-job.js';
import { runRenderJob } from './render-job.js';
import { renderJobSteps } from './render-job-steps.js';
import type { RenderSandbox } from './sandbox.js';
import { checkTemplateSize } from './size.js';
import type { RenderResult, ScaffoldMethod, TemplateFiles } from './types.js';
import { checkVariablesWith } from './variables.js';

export interface RenderMethodInput {
  files: TemplateFiles;
  method: ScaffoldMethod;
  variables: unknown;
  /** Replaces the method's own targetFolder; '' writes at the project's root. */
  targetFolder?: string;
  /**
   * 'worker' (the default) renders in a time-limited worker thread, so a template that never ends
   * costs its time limit only. 'in-process' relies on LiquidJS's own limits; for bundles that cannot
   * start the worker (it loads liquidjs and ajv from disk), rendering a user's own templates.
   */
  isolation?: 'worker' | 'in-process';
  /** A sandbox of the caller's (tests, other time limits); the process's shared one otherwise. */
  sandbox?: RenderSandbox;
  /** Whose render this is (an organization): renders of different owners share the workers fairly. */
  owner?: string;
  /** The caller going away: a waiting render is dropped, a running one stopped. */
  signal?: AbortSignal;
}

/**
 * Renders one boilerplate or feature: validates the variables (defaults first), keeps the includes
 * whose conditions hold, renders their targets and `.liquid` sources, and checks every target stays
 * inside the project. Throws TemplateError with the reason.
 */
export async function renderMethod(input: RenderMethodInput): Promise<RenderResult> {
  const { method } = input;
  checkTemplateSize(input.files);
  const folder = normalizeProjectFolder(input.targetFolder ?? method.targetFolder, 'The target folder');
  const job: RenderJob = {
    templateFiles: input.files,
    methodName: method.name,
    variablesSchema: method.variablesSchema,
    values: input.variables ?? {},
    includes: method.includes,
    instruction: method.instruction ?? '',
    limits: {
      renderMs: templateLimits.renderMs,
      parseChars: templateLimits.parseChars,
      memoryUnits: templateLimits.memoryUnits,
      outputBytes: templateLimits.outputBytes,
    },
  };
  const answer = await runJob(job, input);
  if (!answer.ok) throw new TemplateError(answer.code, answer.message, answer.problems);

  const warnings: string[] = [];
  const known = new Set(Object.keys(method.variablesSchema.properties ?? {}));
  for (const include of method.includes) {
    for (const name of Object.keys(include.conditions)) {
      if (!known.has(name)) {
        warnings.push(
          `The include "${include.source}" depends on "${name}", which the variables schema does not declare.`,
        );
      }
    }
  }
  const byPath = new Map<string, string>();
  for (const file of answer.files) {
    const target = normalizeProjectPath(file.target, `The target of "${file.source}"`);
    const path = normalizeProjectPath(
      folder ? `${folder}/${target}` : target,
      `The target of "${file.source}"`,
    );
    if (byPath.has(path))
      warnings.push(`Two includes write "${path}"; the later one ("${file.source}") is kept.`);
    byPath.set(path, file.content);
  }
  return {
    files: [...byPath].map(([path, content]) => ({ path, content })),
    instruction: answer.instruction,
    warnings,
  };
}

async function runJob(job: RenderJob, input: RenderMethodInput): Promise<RenderJobAnswer> {
  if (input.isolation === 'in-process') {
    const [{ Liquid, toValue }, { Ajv }] = await Promise.all([import('liquidjs'), import('ajv')]);
    return runRenderJob(
      { Liquid, toValue, Ajv, createTemplateFilters, checkVariablesWith, includeApplies, ...renderJobSteps },
      job,
    );
  }
  // Loaded on first use, so the browser-safe parts of this package never pull in worker_threads.
  const sandbox = input.sandbox ?? (await import('./sandbox.js')).sharedRenderSandbox();
  return sandbox.run(job, {
    ...(input.owner !== undefined && { owner: input.owner }),
    ...(input.signal !== undefined && { signal: input.signal }),
  });
}
