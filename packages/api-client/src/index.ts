export * from './client';
export * from './contract';
export * from './errors';
