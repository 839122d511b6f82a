import {
  createSavedViewSchema,
  deleteSavedViewQuerySchema,
  savedViewDeletionSchema,
  savedViewSchema,
  updateSavedViewSchema,
} from '../contract/saved-views';
import { defineEndpoint, listOf } from './define';

/** Saved views of a project's list: anyone saves their own; a shared one is its author's and the admins'. */
export const savedViews = {
  list: defineEndpoint({
    method: 'GET',
    path: '/projects/{projectId}/views',
    summary: "The caller's own views of the project and those shared with the organization, by name",
    tag: 'Saved views',
    response: listOf(savedViewSchema),
    errors: ['PROJECT_NOT_FOUND'],
  }),
  create: defineEndpoint({
    method: 'POST',
    path: '/projects/{projectId}/views',
    summary: "Save the list's filters, grouping and sort as a named view, personal or shared",
    tag: 'Saved views',
    body: createSavedViewSchema,
    response: savedViewSchema,
    status: 201,
    errors: ['PROJECT_NOT_FOUND', 'FORBIDDEN', 'SAVED_VIEW_NAME_TAKEN', 'SAVED_VIEW_LIMIT_REACHED'],
  }),
  update: defineEndpoint({
    method: 'PATCH',
    path: '/views/{viewId}',
    summary:
      'Rename a view, share or unshare it, or save the current list into it (author; owner/admin when shared)',
    tag: 'Saved views',
    body: updateSavedViewSchema,
    response: savedViewSchema,
    errors: ['SAVED_VIEW_NOT_FOUND', 'FORBIDDEN', 'SAVED_VIEW_NAME_TAKEN', 'VERSION_CONFLICT'],
  }),
  delete: defineEndpoint({
    method: 'DELETE',
    path: '/views/{viewId}',
    summary: 'Delete a view (author; owner/admin when shared)',
    tag: 'Saved views',
    query: deleteSavedViewQuerySchema,
    response: savedViewDeletionSchema,
    errors: ['SAVED_VIEW_NOT_FOUND', 'FORBIDDEN', 'VERSION_CONFLICT'],
  }),
};
