import { TemplateError } from './errors.js';
import { formatBytes, templateLimits, utf8Length } from './limits.js';
import { normalizeTemplatePath } from './paths.js';
import type { TemplateFiles } from './types.js';

/**
 * Refuses a template over the limits (TemplateError 'TEMPLATE_TOO_LARGE') or with a file path that
 * could leave its folder ('UNSAFE_PATH'). Stops counting at the first limit passed, so a huge upload is
 * refused in the time it takes to notice, not to measure.
 */
export function checkTemplateSize(files: TemplateFiles, scaffoldYaml = ''): void {
  const paths = Object.keys(files);
  if (paths.length > templateLimits.files) {
    throw new TemplateError(
      'TEMPLATE_TOO_LARGE',
      `The template has ${paths.length} files; the limit is ${templateLimits.files}.`,
    );
  }
  let total = utf8Length(scaffoldYaml);
  for (const path of paths) {
    if (path.length > templateLimits.pathLength) {
      throw new TemplateError(
        'TEMPLATE_TOO_LARGE',
        `The template file "${path.slice(0, 60)}…" has a path of ${path.length} characters; the limit is ${templateLimits.pathLength}.`,
      );
    }
    if (normalizeTemplatePath(path) !== path) {
      throw new TemplateError(
        'UNSAFE_PATH',
        `The template file "${path}" should be written "${normalizeTemplatePath(path)}" (relative, "/" separators, no "." parts).`,
      );
    }
    const content = files[path] ?? '';
    // A character is at least one byte: text this long is over the limit whatever it holds.
    total += content.length > templateLimits.totalBytes ? content.length : utf8Length(content);
    if (total > templateLimits.totalBytes) {
      throw new TemplateError(
        'TEMPLATE_TOO_LARGE',
        `The template is larger than ${formatBytes(templateLimits.totalBytes)} (passed at "${path}"); keep templates to source files, not build output or assets.`,
      );
    }
  }
}
