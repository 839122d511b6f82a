export * from './client';
export * from './contract';
export * from './endpoints';
export * from './errors';
export * from './typed-client';
