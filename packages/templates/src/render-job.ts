import type { Emitter, Liquid, toValue } from 'liquidjs';
import type { TemplateErrorCode, TemplateProblem } from './errors.js';
import type { createTemplateFilters } from './filters.js';
import type { includeApplies } from './include.js';
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

export interface RenderJobDependencies {
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
 * `.liquid` sources. Self-contained (it uses only its arguments), because the render worker runs this
 * function's source text; it also runs in-process where no worker can be started.
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
  const files = job.templateFiles;
  const has = (path: string) => Object.hasOwn(files, path);

  // Template files only: no disk, and a partial is found by its path inside the template.
  const clean = (path: string) => {
    const parts: string[] = [];
    for (const part of path.split('/')) {
      if (part === '' || part === '.') continue;
      if (part === '..') parts.pop();
      else parts.push(part);
    }
    return parts.join('/');
  };
  const lookup = (path: string) => {
    const key = clean(path);
    if (has(key)) return key;
    if (has(`${key}.liquid`)) return `${key}.liquid`;
    return undefined;
  };
  const memoryFs = {
    sep: '/',
    dirname: (file: string) => file.slice(0, file.lastIndexOf('/') + 1) || '/',
    resolve: (dir: string, file: string) => `/${clean(file.startsWith('/') ? file : `${dir}/${file}`)}`,
    existsSync: (file: string) => lookup(file) !== undefined,
    exists: async (file: string) => lookup(file) !== undefined,
    readFileSync: (file: string) => {
      const key = lookup(file);
      if (key === undefined) throw new Error(`the template has no file "${clean(file)}" to include`);
      return files[key] as string;
    },
    readFile: async (file: string) => {
      const key = lookup(file);
      if (key === undefined) throw new Error(`the template has no file "${clean(file)}" to include`);
      return files[key] as string;
    },
    containsSync: () => true,
    contains: async () => true,
  };
  const liquid = new deps.Liquid({
    fs: memoryFs,
    root: ['/'],
    partials: ['/'],
    layouts: ['/'],
    relativeReference: false,
    cache: false,
    strictFilters: true,
    ownPropertyOnly: true,
    parseLimit: job.limits.parseChars,
    renderLimit: job.limits.renderMs,
    memoryLimit: job.limits.memoryUnits,
  });
  for (const [name, filter] of Object.entries(deps.createTemplateFilters()))
    liquid.registerFilter(name, filter);

  class Refusal extends Error {
    constructor(
      readonly code: TemplateErrorCode,
      message: string,
    ) {
      super(message);
    }
  }
  const sizeOf = (text: string) => {
    const buffer = (globalThis as { Buffer?: { byteLength(text: string): number } }).Buffer;
    return buffer ? buffer.byteLength(text) : text.length;
  };
  // Every byte a render writes (files, targets, the instruction, and text a `capture` keeps) counts
  // against the job's output limit as it is written, so a render is stopped the moment it passes the
  // limit instead of after building the whole oversized text.
  const output = { bytes: 0, passed: false };
  const textOf = (value: unknown): string => {
    const plain = deps.toValue(value);
    if (typeof plain === 'string') return plain;
    if (plain === null || plain === undefined) return '';
    if (Array.isArray(plain)) return plain.map(textOf).join('');
    return String(plain);
  };
  const budgetedEmitter = (): Emitter => ({
    buffer: '',
    write(html: unknown) {
      const text = textOf(html);
      output.bytes += sizeOf(text);
      if (output.bytes > job.limits.outputBytes) {
        output.passed = true;
        throw new Error('the output limit was passed');
      }
      this.buffer += text;
    },
  });
  const renderer = liquid.renderer;
  const renderTemplates = renderer.renderTemplates.bind(renderer);
  renderer.renderTemplates = (templates, ctx, emitter) =>
    renderTemplates(templates, ctx, emitter ?? budgetedEmitter());
  const outputLimitPassed = (what: string) =>
    new Refusal(
      'OUTPUT_TOO_LARGE',
      `${what} brought the output past ${Math.round(job.limits.outputBytes / 1024 / 1024)} MB; nothing was written.`,
    );
  const render = (source: string, what: string) => {
    try {
      return liquid.parseAndRenderSync(source, values);
    } catch (error) {
      if (output.passed) throw outputLimitPassed(what);
      const reason = error instanceof Error ? error.message : String(error);
      if (/render limit/i.test(reason)) {
        throw new Refusal(
          'RENDER_TIMED_OUT',
          `${what} took longer than ${job.limits.renderMs} ms to render and was stopped (a loop over a huge range, or an include of itself?).`,
        );
      }
      if (/memory alloc limit|parse length limit/i.test(reason)) {
        throw new Refusal(
          'OUTPUT_TOO_LARGE',
          `${what} needs more memory than a render may use and was stopped (a loop over a huge range?).`,
        );
      }
      if (error instanceof RangeError) {
        throw new Refusal('RENDER_FAILED', `${what} could not be rendered: it includes itself without end.`);
      }
      throw new Refusal('RENDER_FAILED', `${what} could not be rendered: ${reason.split('\n')[0]}`);
    }
  };
  try {
    const rendered: RenderedInclude[] = [];
    const add = (source: string, targetTemplate: string, label: string) => {
      const isLiquid = source.endsWith('.liquid');
      let target = render(targetTemplate, `The target of ${label}`);
      // `x.ts.liquid` is written as `x.ts` unless the include names another target.
      if (isLiquid && target.endsWith('.liquid')) target = target.slice(0, -'.liquid'.length);
      const content = isLiquid ? render(files[source] as string, `"${source}"`) : (files[source] as string);
      if (!isLiquid) {
        // Copied as it is: counted whole, it was never rendered.
        output.bytes += sizeOf(content);
        if (output.bytes > job.limits.outputBytes) throw outputLimitPassed(`"${source}"`);
      }
      rendered.push({ source, target, content });
    };
    for (const include of job.includes) {
      if (!deps.includeApplies(include, values)) continue;
      const label = `the include "${include.source}"`;
      const source = clean(include.source);
      if (has(`${source}.liquid`) && !source.endsWith('.liquid')) {
        add(`${source}.liquid`, include.target, label);
      } else if (has(source)) {
        add(source, include.target, label);
      } else {
        // A folder include writes every file under it, keeping their paths below the target.
        const prefix = `${source}/`;
        const inside = Object.keys(files).filter((path) => path.startsWith(prefix));
        if (inside.length === 0) {
          throw new Refusal(
            'INCLUDE_NOT_FOUND',
            `"${job.methodName}" includes "${include.source}", but the template has no file ${source}, ${source}.liquid or folder ${source}/.`,
          );
        }
        for (const path of inside.sort()) {
          const rest = path.slice(prefix.length);
          const restTarget = rest.endsWith('.liquid') ? rest.slice(0, -'.liquid'.length) : rest;
          add(path, `${include.target}/${restTarget}`, `the include "${include.source}" (${rest})`);
        }
      }
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
