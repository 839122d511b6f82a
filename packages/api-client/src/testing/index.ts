export * from './fixtures';
export * from './rest-path-literals';
