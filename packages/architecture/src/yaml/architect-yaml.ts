import { stringify } from 'yaml';
import type { DesignPattern, ParseResult } from '../types.js';
import { readYaml, validateYaml } from './document.js';
import { architectFileSchema } from './schemas.js';
import { yamlWriteOptions } from './write-options.js';

/** Reads an AgiFlow `architect.yaml`: a `features:` list of design patterns. */
export function parseArchitectYaml(text: string): ParseResult<DesignPattern[]> {
  const read = readYaml(text, 'architect.yaml');
  if (!read.ok) return read;
  return validateYaml(read.value, architectFileSchema);
}

/** Writes design patterns as an AgiFlow `architect.yaml` that `parseArchitectYaml` reads back unchanged. */
export function toArchitectYaml(patterns: readonly DesignPattern[]): string {
  const features = patterns.map((pattern) => ({
    name: pattern.name,
    design_pattern: pattern.designPattern,
    includes: pattern.includes,
    description: pattern.description,
  }));
  return stringify({ features }, yamlWriteOptions);
}
