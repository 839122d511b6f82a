export * from './client';
export * from './contract';
export * from './endpoints';
export * from './errors';
export * from './paths';
export * from './typed-client';
