export * from './lib/portal-app';
export * from './lib/portal-frame';
export * from './lib/error-boundary';
export * from './lib/management-section';
export * from './lib/not-found-page';
export * from './lib/site-footer';
export * from './lib/record-search';
export * from './lib/record-lookup';
