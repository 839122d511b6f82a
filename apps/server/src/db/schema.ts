/**
 * Every table the server owns. better-auth's tables come from @switchboard/auth so the adapter and
 * the migrations read one definition; the product's tables live in ./tables, one file per area.
 */
export * from '@switchboard/auth/schema';
export * from './tables/activity';
export * from './tables/agent-profiles';
export * from './tables/agent-sessions';
export * from './tables/billing';
export * from './tables/findings';
export * from './tables/labels';
export * from './tables/notifications';
export * from './tables/plans';
export * from './tables/projects';
export * from './tables/questions';
export * from './tables/rule-sets';
export * from './tables/saved-views';
export * from './tables/templates';
export * from './tables/work';
