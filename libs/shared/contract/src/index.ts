export * from './lib/rules';
export * from './lib/auth';
export * from './lib/patients';
export * from './lib/employees';
export * from './lib/paging';
export * from './lib/problem';
export * from './lib/endpoints';
