import { budgetedLiquid } from './budgeted-liquid.js';
import { includedFiles } from './include-files.js';
import { outputBudget } from './output-budget.js';
import { renderRefusal } from './render-refusal.js';
import { templateFileSystem } from './template-file-system.js';

/**
 * The steps a render job is made of, each self-contained: the render worker is sent their source
 * text by name, so they reach each other only through what the job passes them.
 */
export const renderJobSteps = {
  templateFileSystem,
  outputBudget,
  budgetedLiquid,
  includedFiles,
  renderRefusal,
};

export type RenderJobSteps = typeof renderJobSteps;
