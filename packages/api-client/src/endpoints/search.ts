import { searchQuerySchema, searchResultsSchema } from '../contract/search';
import { defineEndpoint } from './define';

export const search = {
  find: defineEndpoint({
    method: 'GET',
    path: '/search',
    summary: 'Find projects, tasks, work units, members and agents of the organization by words or key',
    tag: 'Search',
    query: searchQuerySchema,
    response: searchResultsSchema,
  }),
};
