export * from './lib/portal-app';
export * from './lib/navigation-scroll';
export * from './lib/query-layout';
export * from './lib/preload-route';
export * from './lib/preloadable';
export * from './lib/portal-frame';
export * from './lib/error-boundary';
export * from './lib/management-section';
export * from './lib/not-found-page';
export * from './lib/site-footer';
export * from './lib/record-search';
export * from './lib/record-lookup';
export * from './lib/new-activation-code-panel';
export * from './lib/save-outcome-notice';
export * from './lib/prefilled-id';
export * from './lib/id-suggestion';
export * from './lib/unsaved-changes';
export * from './lib/leave-guard';
export * from './lib/form-draft';
// A step's message (the login's code step and the second factor's set-up share it); here, not
// in the two-step entry, which the login page may only load lazily.
export * from './lib/two-step/step-message';
export * from './lib/record-editor/add-record-page';
export * from './lib/record-editor/edit-record-page';
export * from './lib/record-editor/record-kind';
export * from './lib/record-editor/record-fields';
export * from './lib/route-table';
