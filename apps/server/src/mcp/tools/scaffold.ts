import type { ToolKit } from '../tooling';
import {
  registerGenerateBoilerplate,
  registerGenerateBoilerplateFile,
  registerGenerateFeatureScaffold,
} from './scaffold/admin';
import { registerListBoilerplates, registerUseBoilerplate } from './scaffold/boilerplates';
import { registerListScaffoldingMethods, registerUseScaffoldMethod } from './scaffold/features';

/**
 * scaffold: the organization's templates (AgiFlow's scaffold.yaml) rendered for agents. Nothing is
 * written to disk here: the tools answer the files, and the agent writes them into its checkout.
 */
export function registerScaffoldTools(kit: ToolKit): void {
  registerListBoilerplates(kit);
  registerUseBoilerplate(kit);
  registerListScaffoldingMethods(kit);
  registerUseScaffoldMethod(kit);

  // The admin tools change what every agent of the organization scaffolds, so only keys an owner or
  // admin marked admin list them; that mark is their permission, as for the architecture admin tools.
  if (!kit.session.adminTools) return;

  registerGenerateBoilerplate(kit);
  registerGenerateFeatureScaffold(kit);
  registerGenerateBoilerplateFile(kit);
}
