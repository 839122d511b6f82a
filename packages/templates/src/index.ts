// The template engine: scaffold.yaml, includes, variables and sandboxed Liquid rendering.
export { isTemplateError, TemplateError, type TemplateErrorCode, type TemplateProblem } from './errors.js';
export { createTemplateFilters } from './filters.js';
export { formatInclude, includeApplies, parseInclude } from './include.js';
export { formatBytes, templateLimits, utf8Length } from './limits.js';
export { normalizeProjectFolder, normalizeProjectPath } from './paths.js';
export { type RenderMethodInput, renderMethod } from './render.js';
export type { RenderSandbox, RenderSandboxOptions } from './sandbox.js';
export { allMethods, findMethod, parseScaffoldYaml, toScaffoldYaml } from './scaffold-yaml.js';
export { checkTemplateSize } from './size.js';
export {
  type FolderEntry,
  isTemplateName,
  readTemplateFolder,
  type TemplateFolder,
  toTemplateFolder,
} from './template-folder.js';
export type * from './types.js';
export {
  checkVariablesWith,
  type VariableProblem,
  type VariablesResult,
  validateVariables,
} from './variables.js';

/** A sandbox with its own time limit (tests; callers wanting a separate worker). Node only. */
export async function createRenderSandbox(
  options?: import('./sandbox.js').RenderSandboxOptions,
): Promise<import('./sandbox.js').RenderSandbox> {
  return (await import('./sandbox.js')).createRenderSandbox(options);
}

/** What the process's shared render workers hold now, and the most output they have held at once. Node only. */
export async function sharedRenderUsage(): Promise<
  import('@switchboard/sandbox/timed-worker').TimedWorkerPoolUsage
> {
  return (await import('./sandbox.js')).sharedRenderSandbox().usage();
}
