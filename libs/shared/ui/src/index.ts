export * from './lib/brand/logo';
