export * from './lib/catalogues';
export * from './lib/roles';
export * from './lib/organisation';
export * from './lib/email-domains';
export * from './lib/sample-text';
export * from './lib/hospital';
export * from './lib/standard-codes';
export * from './lib/locales';
