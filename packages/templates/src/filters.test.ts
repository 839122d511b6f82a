import { describe, expect, it } from 'vitest';
import { createTemplateFilters } from './filters.js';

const filters = createTemplateFilters();
const apply = (name: string, value: unknown) => (filters[name] as (value: unknown) => string)(value);

describe('template filters', () => {
  it.each([
    ['camelCase', 'user profile', 'userProfile'],
    ['camelCase', 'UserProfileID', 'userProfileId'],
    ['pascalCase', 'user-profile', 'UserProfile'],
    ['pascalCase', 'HTTPServer', 'HttpServer'],
    ['titleCase', 'user_profile', 'User Profile'],
    ['kebabCase', 'UserProfile', 'user-profile'],
    ['kebabCase', 'user  profile__id', 'user-profile-id'],
    ['snakeCase', 'userProfileId', 'user_profile_id'],
    ['upperCase', 'userProfile', 'USER_PROFILE'],
    ['lower', 'MiXeD Case', 'mixed case'],
    ['upper', 'MiXeD Case', 'MIXED CASE'],
    ['strip', '  padded\n', 'padded'],
    ['pluralize', 'company', 'companies'],
    ['pluralize', 'box', 'boxes'],
    ['pluralize', 'person', 'people'],
    ['pluralize', 'Person', 'People'],
    ['pluralize', 'userProfile', 'userProfiles'],
    ['pluralize', 'day', 'days'],
    ['pluralize', 'knife', 'knives'],
    ['pluralize', 'data', 'data'],
    ['singularize', 'companies', 'company'],
    ['singularize', 'boxes', 'box'],
    ['singularize', 'people', 'person'],
    ['singularize', 'userProfiles', 'userProfile'],
    ['singularize', 'status', 'status'],
    ['singularize', 'knives', 'knife'],
    ['singularize', 'wolves', 'wolf'],
    ['singularize', 'archives', 'archive'],
  ])('%s(%j) is %j', (name, input, expected) => {
    expect(apply(name, input)).toBe(expected);
  });

  it('turns missing values into empty text instead of "undefined"', () => {
    for (const name of Object.keys(filters)) expect(apply(name, undefined)).toBe('');
  });
});
