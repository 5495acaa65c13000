export * from './lib/locales';
export * from './lib/format';
export * from './lib/catalogs';
export * from './lib/runtime';
export * from './lib/english-text';
export * from './lib/read-back';
export * from './lib/text-key';
export * from './lib/packs';
