/** A JSON Schema for a method's variables; its top level describes an object. */
export type JsonSchemaObject = {
  type?: 'object';
  properties?: Record<string, unknown>;
  required?: string[];
  [keyword: string]: unknown;
};

/** A variable's value as it may appear in an include condition (`?withTests=true`). */
export type ConditionValue = string | boolean;

/** One file a method writes: the template file it comes from and where it goes. */
export interface Include {
  source: string;
  /** May contain Liquid (`src/{{ name | kebabCase }}.ts`); rendered with the method's variables. */
  target: string;
  /** All must equal the variable's value (after defaults) for the file to be written. */
  conditions: Record<string, ConditionValue>;
}

export type ScaffoldMethodKind = 'boilerplate' | 'feature';

/** A boilerplate (a new project or package) or a feature (files added to an existing one). */
export interface ScaffoldMethod {
  name: string;
  kind: ScaffoldMethodKind;
  description?: string;
  targetFolder?: string;
  variablesSchema: JsonSchemaObject;
  includes: Include[];
  /** Shown to the agent after scaffolding; rendered with the variables like any template text. */
  instruction?: string;
  patterns?: string[];
}

export interface ScaffoldConfig {
  boilerplates: ScaffoldMethod[];
  features: ScaffoldMethod[];
}

/** A template's files by path inside the template folder (scaffold.yaml excluded). */
export type TemplateFiles = Record<string, string>;

export interface RenderedFile {
  path: string;
  content: string;
}

export interface RenderResult {
  files: RenderedFile[];
  instruction: string;
  warnings: string[];
}
