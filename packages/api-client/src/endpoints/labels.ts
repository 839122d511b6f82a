import { createLabelSchema, labelDeletionSchema, labelSchema, updateLabelSchema } from '../contract/labels';
import { defineEndpoint, listOf } from './define';

export const labels = {
  list: defineEndpoint({
    method: 'GET',
    path: '/labels',
    summary: "The organization's labels, by name",
    tag: 'Labels',
    response: listOf(labelSchema),
  }),
  create: defineEndpoint({
    method: 'POST',
    path: '/labels',
    summary: 'Create a label (owner/admin)',
    tag: 'Labels',
    body: createLabelSchema,
    response: labelSchema,
    status: 201,
    errors: ['FORBIDDEN', 'LABEL_NAME_TAKEN', 'LABEL_LIMIT_REACHED'],
  }),
  get: defineEndpoint({
    method: 'GET',
    path: '/labels/{labelId}',
    summary: 'A label',
    tag: 'Labels',
    response: labelSchema,
    errors: ['LABEL_NOT_FOUND'],
  }),
  update: defineEndpoint({
    method: 'PATCH',
    path: '/labels/{labelId}',
    summary: 'Rename or recolour a label (owner/admin); every task carrying it shows the change',
    tag: 'Labels',
    body: updateLabelSchema,
    response: labelSchema,
    errors: ['LABEL_NOT_FOUND', 'FORBIDDEN', 'LABEL_NAME_TAKEN', 'VERSION_CONFLICT'],
  }),
  delete: defineEndpoint({
    method: 'DELETE',
    path: '/labels/{labelId}',
    summary: 'Delete a label and take it off every task (owner/admin)',
    tag: 'Labels',
    response: labelDeletionSchema,
    errors: ['LABEL_NOT_FOUND', 'FORBIDDEN'],
  }),
};
