export * from './lib/factories';
export * from './lib/handlers';
export * from './lib/mock-http';
export * from './lib/msw-server';
export * from './lib/render';
