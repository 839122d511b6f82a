import { stringify } from 'yaml';
import type { DesignPattern, ParseResult } from '../types.js';
import { readAndValidate } from './document.js';
import { architectFileSchema } from './schemas.js';
import { yamlWriteOptions } from './write-options.js';

/** Reads an AgiFlow `architect.yaml`: a `features:` list of design patterns. */
export function parseArchitectYaml(text: string): ParseResult<DesignPattern[]> {
  return readAndValidate(text, 'architect.yaml', architectFileSchema).result;
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
