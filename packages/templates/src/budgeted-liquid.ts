import type { FilterImplOptions, Liquid } from 'liquidjs';
import type { OutputBudget } from './output-budget.js';
import type { TemplateFileSystem } from './template-file-system.js';

export interface BudgetedLiquidOptions {
  Liquid: typeof Liquid;
  template: TemplateFileSystem;
  filters: Record<string, FilterImplOptions>;
  limits: { renderMs: number; parseChars: number; memoryUnits: number };
  budget: OutputBudget;
}

/**
 * A liquidjs engine that reads only the template's files, knows our filters, and writes every render
 * (a `capture`'s included) through the output budget. Self-contained (it uses only its arguments),
 * because the render worker runs its source text.
 */
export function budgetedLiquid({ Liquid, template, filters, limits, budget }: BudgetedLiquidOptions): Liquid {
  const liquid = new Liquid({
    fs: template.liquidFs,
    root: ['/'],
    partials: ['/'],
    layouts: ['/'],
    relativeReference: false,
    cache: false,
    strictFilters: true,
    ownPropertyOnly: true,
    parseLimit: limits.parseChars,
    renderLimit: limits.renderMs,
    memoryLimit: limits.memoryUnits,
  });
  for (const [name, filter] of Object.entries(filters)) liquid.registerFilter(name, filter);
  const renderer = liquid.renderer;
  const renderTemplates = renderer.renderTemplates.bind(renderer);
  renderer.renderTemplates = (templates, ctx, emitter) =>
    renderTemplates(templates, ctx, emitter ?? budget.emitter());
  return liquid;
}
