import {
  createTemplateSchema,
  deletedTemplateSchema,
  previewTemplateSchema,
  replaceTemplateSchema,
  scaffoldResultSchema,
  templateSchema,
  templateSummarySchema,
} from '../contract/templates';
import { defineEndpoint, listOf } from './define';

export const templates = {
  list: defineEndpoint({
    method: 'GET',
    path: '/templates',
    summary: "The organization's scaffolding templates with their boilerplates and features",
    tag: 'Templates',
    response: listOf(templateSummarySchema),
  }),
  create: defineEndpoint({
    method: 'POST',
    path: '/templates',
    summary: 'Create a template from its scaffold.yaml and files (owner/admin)',
    tag: 'Templates',
    body: createTemplateSchema,
    response: templateSchema,
    status: 201,
    errors: ['FORBIDDEN', 'TEMPLATE_NAME_TAKEN', 'TEMPLATE_INVALID', 'PAYLOAD_TOO_LARGE'],
  }),
  get: defineEndpoint({
    method: 'GET',
    path: '/templates/{template}',
    summary: 'A template: its scaffold.yaml and files',
    tag: 'Templates',
    response: templateSchema,
    errors: ['TEMPLATE_NOT_FOUND'],
  }),
  replace: defineEndpoint({
    method: 'PUT',
    path: '/templates/{template}',
    summary: "Replace a template's scaffold.yaml and files (owner/admin)",
    tag: 'Templates',
    body: replaceTemplateSchema,
    response: templateSchema,
    errors: ['TEMPLATE_NOT_FOUND', 'FORBIDDEN', 'TEMPLATE_INVALID', 'VERSION_CONFLICT', 'PAYLOAD_TOO_LARGE'],
  }),
  delete: defineEndpoint({
    method: 'DELETE',
    path: '/templates/{template}',
    summary: 'Delete a template; projects using it are left without one (owner/admin)',
    tag: 'Templates',
    response: deletedTemplateSchema,
    errors: ['TEMPLATE_NOT_FOUND', 'FORBIDDEN'],
  }),
  preview: defineEndpoint({
    method: 'POST',
    path: '/templates/{template}/preview',
    summary: 'The files a boilerplate or feature would write with these variables; nothing is stored',
    tag: 'Templates',
    body: previewTemplateSchema,
    response: scaffoldResultSchema,
    errors: [
      'TEMPLATE_NOT_FOUND',
      'SCAFFOLD_METHOD_NOT_FOUND',
      'VALIDATION_FAILED',
      'TEMPLATE_RENDER_FAILED',
    ],
  }),
};
