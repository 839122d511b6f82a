import type { Liquid, toValue } from 'liquidjs';
import type { TemplateErrorCode, TemplateProblem } from './errors.js';
import type { createTemplateFilters } from './filters.js';
import type { includeApplies } from './include.js';
import type { IncludedFile } from './include-files.js';
import type { RenderJobSteps } from './render-job-steps.js';
import type { Include } from './types.js';
import type { checkVariablesWith } from './variables.js';

/** What the main thread sends to be rendered: plain data only, it crosses a worker boundary. */
export interface RenderJob {
  templateFiles: Record<string, string>;
  methodName: string;
  variablesSchema: Record<string, unknown>;
  values: unknown;
  includes: Include[];
  instruction: string;
  limits: { renderMs: number; parseChars: number; memoryUnits: number; outputBytes: number };
}

export interface RenderedInclude {
  source: string;
  /** Rendered but not yet checked: the main thread normalises it and refuses unsafe ones. */
  target: string;
  content: string;
}

export type RenderJobAnswer =
  | { ok: true; values: Record<string, unknown>; files: RenderedInclude[]; instruction: string }
  | { ok: false; code: TemplateErrorCode; message: string; problems?: TemplateProblem[] };

export interface RenderJobDependencies extends RenderJobSteps {
  Liquid: typeof Liquid;
  /** liquidjs's own: a Drop as the value it stands for, anything else as it is. */
  toValue: typeof toValue;
  Ajv: Parameters<typeof checkVariablesWith>[0];
  createTemplateFilters: typeof createTemplateFilters;
  checkVariablesWith: typeof checkVariablesWith;
  includeApplies: typeof includeApplies;
}

/**
 * Validates the variables, picks the includes whose conditions hold, and renders their targets and
 * `.liquid` sources. Self-contained (it uses only its arguments, its steps among them), because the
 * render worker runs this function's source text; it also runs in-process where no worker can be
 * started.
 */
export function runRenderJob(deps: RenderJobDependencies, job: RenderJob): RenderJobAnswer {
  const checked = deps.checkVariablesWith(deps.Ajv, job.variablesSchema, job.values ?? {});
  if (!checked.ok) {
    const fields = checked.errors.map((error) => error.message).join(' ');
    return {
      ok: false,
      code: 'INVALID_VARIABLES',
      message: `The variables of "${job.methodName}" are not valid: ${fields}`,
      problems: checked.errors,
    };
  }
  const values = checked.values;
  const template = deps.templateFileSystem(job.templateFiles);
  const budget = deps.outputBudget(deps.toValue, job.limits.outputBytes);
  const liquid = deps.budgetedLiquid({
    Liquid: deps.Liquid,
    template,
    filters: deps.createTemplateFilters(),
    limits: job.limits,
    budget,
  });

  class Refusal extends Error {
    constructor(
      readonly code: TemplateErrorCode,
      message: string,
    ) {
      super(message);
    }
  }
  const refuse = ({ code, message }: { code: TemplateErrorCode; message: string }) =>
    new Refusal(code, message);
  const render = (source: string, what: string) => {
    try {
      return liquid.parseAndRenderSync(source, values);
    } catch (error) {
      if (budget.passed()) throw refuse(budget.refusal(what));
      throw refuse(deps.renderRefusal(error, what, job.limits.renderMs));
    }
  };
  const renderFile = ({ source, targetTemplate, label }: IncludedFile): RenderedInclude => {
    const isLiquid = source.endsWith('.liquid');
    let target = render(targetTemplate, `The target of ${label}`);
    // `x.ts.liquid` is written as `x.ts` unless the include names another target.
    if (isLiquid && target.endsWith('.liquid')) target = target.slice(0, -'.liquid'.length);
    const text = template.files[source] as string;
    const content = isLiquid ? render(text, `"${source}"`) : text;
    if (!isLiquid && budget.copied(content)) throw refuse(budget.refusal(`"${source}"`));
    return { source, target, content };
  };
  try {
    const rendered: RenderedInclude[] = [];
    for (const include of job.includes) {
      if (!deps.includeApplies(include, values)) continue;
      const included = deps.includedFiles(include, template, job.methodName);
      if (!included.ok) throw refuse(included);
      for (const file of included.files) rendered.push(renderFile(file));
    }
    const instruction = job.instruction ? render(job.instruction, 'The instruction') : '';
    return { ok: true, values, files: rendered, instruction };
  } catch (error) {
    if (error instanceof Refusal) return { ok: false, code: error.code, message: error.message };
    return {
      ok: false,
      code: 'RENDER_FAILED',
      message: error instanceof Error ? error.message : String(error),
    };
  }
}
