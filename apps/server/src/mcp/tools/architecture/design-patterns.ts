import { mcpDesignPatternAnswerSchema, reviewRequestSchema } from '@switchboard/api-client/contract';
import * as z from 'zod';
import { designPatternsFor, reviewPath } from '../../../domain/architecture/reviews';
import { defineTool, type ToolKit } from '../../tooling';
import { NO_RULE_SET, ruleSetFor } from './rule-set';

export function registerGetFileDesignPattern(kit: ToolKit): void {
  defineTool(
    kit,
    {
      name: 'get-file-design-pattern',
      title: 'Design patterns of a file',
      description:
        "The design patterns of the project's rule set that cover a file, and recommendations from them and from the file's rule. Call it before changing a file.",
      input: z.strictObject({ file_path: reviewRequestSchema.shape.file_path }),
      output: mcpDesignPatternAnswerSchema,
      readOnly: true,
    },
    async ({ file_path }, call) => {
      const row = await ruleSetFor(call);
      if (!row)
        return {
          file_path: reviewPath(file_path),
          matched_patterns: [],
          recommendations: [NO_RULE_SET],
          rule_set: null,
        };
      return { ...designPatternsFor(row.content, file_path), rule_set: row.name };
    },
  );
}
