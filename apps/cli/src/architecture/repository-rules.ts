import { join, posix } from 'node:path';
import {
  mergeRuleSets,
  type ParseResult,
  parseArchitectYaml,
  parseRulesYaml,
  type RuleSetContent,
} from '@switchboard/architecture';
import { parse as parseYaml } from 'yaml';
import { CliError } from '../exit-codes';
import { readIfPresent } from '../read-if-present';

/**
 * The rule files of a repository in AgiFlow's layout, layered for one file: the repository's global
 * files (`<templates>/architect.yaml`, `<templates>/RULES.yaml`), then its template's
 * (`<templates>/<sourceTemplate>/…`), then the project's own (`.architect.yaml`, `RULES.yaml` at the
 * project root), each later layer replacing entries of the same name.
 */
export interface RepositoryRules {
  /** The merged layers, or undefined when the repository has no rule files for this file. */
  content: RuleSetContent | undefined;
  /** Repository-relative paths of the files that were read, most general first. */
  files: string[];
  /** The file's path relative to its project root: what AgiFlow's globs are written against. */
  projectPath: string;
  /** The template the file's project names, if any. */
  template: string | undefined;
}

interface Settings {
  sourceTemplate?: string;
  templatesPath?: string;
}

/** Reads and caches the rule files of one repository; a file that does not parse is a CliError naming its line. */
export class RepositoryRuleFiles {
  private readonly parsed = new Map<string, RuleSetContent | undefined>();
  private readonly settings: Settings;

  constructor(private readonly root: string) {
    this.settings = this.readSettings();
  }

  /** The layers for a repository-relative file path. */
  rulesFor(repoPath: string): RepositoryRules {
    const project = this.projectOf(repoPath);
    const templatesPath = this.settings.templatesPath ?? 'templates';
    const template = project.sourceTemplate ?? this.settings.sourceTemplate;
    const layers: [string, 'architect' | 'rules'][] = [
      [posix.join(templatesPath, 'architect.yaml'), 'architect'],
      [posix.join(templatesPath, 'RULES.yaml'), 'rules'],
    ];
    if (template) {
      layers.push([posix.join(templatesPath, template, 'architect.yaml'), 'architect']);
      layers.push([posix.join(templatesPath, template, 'RULES.yaml'), 'rules']);
    }
    layers.push([posix.join(project.root, '.architect.yaml'), 'architect']);
    layers.push([posix.join(project.root, 'RULES.yaml'), 'rules']);

    const files: string[] = [];
    const contents: RuleSetContent[] = [];
    for (const [path, kind] of layers) {
      const content = this.load(path, kind);
      if (!content) continue;
      files.push(path);
      contents.push(content);
    }
    const [first, ...rest] = contents;
    const projectPath = project.root === '.' ? repoPath : repoPath.slice(project.root.length + 1);
    return { content: first ? mergeRuleSets(first, ...rest) : undefined, files, projectPath, template };
  }

  private load(path: string, kind: 'architect' | 'rules'): RuleSetContent | undefined {
    if (this.parsed.has(path)) return this.parsed.get(path);
    const text = readIfPresent(join(this.root, path));
    let content: RuleSetContent | undefined;
    if (text !== undefined) {
      if (kind === 'architect') content = { patterns: unwrap(path, parseArchitectYaml(text)), rules: [] };
      else content = { patterns: [], ...unwrap(path, parseRulesYaml(text)) };
    }
    this.parsed.set(path, content);
    return content;
  }

  /** The nearest folder above the file holding a project.json (a monorepo project), else the repository. */
  private projectOf(repoPath: string): { root: string; sourceTemplate: string | undefined } {
    for (let folder = posix.dirname(repoPath); ; folder = posix.dirname(folder)) {
      const text = readIfPresent(join(this.root, folder, 'project.json'));
      if (text !== undefined) return { root: folder, sourceTemplate: readJsonField(text, 'sourceTemplate') };
      if (folder === '.') return { root: '.', sourceTemplate: undefined };
    }
  }

  /** `.toolkit/settings.yaml`: a single-project repository's template and where templates live. */
  private readSettings(): Settings {
    const text = readIfPresent(join(this.root, '.toolkit', 'settings.yaml'));
    if (text === undefined) return {};
    let value: unknown;
    try {
      value = parseYaml(text);
    } catch (error) {
      throw new CliError(`.toolkit/settings.yaml: ${error instanceof Error ? error.message : String(error)}`);
    }
    const settings: Settings = {};
    if (value && typeof value === 'object') {
      const record = value as Record<string, unknown>;
      if (typeof record.sourceTemplate === 'string') settings.sourceTemplate = record.sourceTemplate;
      if (typeof record.templatesPath === 'string')
        settings.templatesPath = posix.normalize(record.templatesPath);
    }
    return settings;
  }
}

function unwrap<T>(path: string, result: ParseResult<T>): T {
  if (result.ok) return result.value;
  const lines = result.errors.map(
    (error) => `  ${path}:${error.line}${error.column ? `:${error.column}` : ''}: ${error.message}`,
  );
  throw new CliError(`The repository's rule file ${path} is not valid:\n${lines.join('\n')}`);
}

function readJsonField(text: string, field: string): string | undefined {
  try {
    const value = (JSON.parse(text) as Record<string, unknown>)[field];
    return typeof value === 'string' ? value : undefined;
  } catch {
    return undefined;
  }
}
