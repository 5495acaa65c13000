export * from './lib/config';
export * from './lib/session-store';
export * from './lib/api-error';
export * from './lib/session-events';
export {
  browserOffline,
  lastWriteNotSent,
  subscribeConnection,
  subscribeWriteNotSent,
} from './lib/connection';
export { preloadApiLayer } from './lib/request';
export type { Page, PageParams } from './lib/page';
export type { RequestOptions, TokenOptions } from './lib/request';
export * from './lib/query-keys';
export * from './lib/query-client';
export * from './lib/calls/register';
export * from './lib/calls/login';
export * from './lib/calls/login-mfa';
export * from './lib/calls/mfa-enrolment';
export * from './lib/calls/account';
export * from './lib/calls/account-locale';
export * from './lib/calls/renew';
export * from './lib/calls/session-status';
export * from './lib/calls/logout';
export * from './lib/calls/get-profile';
export * from './lib/calls/list-my-appointments';
export * from './lib/calls/list-my-access-log';
export * from './lib/calls/my-contact';
export * from './lib/calls/list-patients';
export * from './lib/calls/get-patient';
export * from './lib/calls/list-patient-appointments';
export * from './lib/calls/next-ids';
export * from './lib/calls/search-patients';
export * from './lib/calls/add-patient';
export * from './lib/calls/update-patient';
export * from './lib/calls/patch-patient';
export * from './lib/calls/add-appointment';
export * from './lib/calls/add-history';
export * from './lib/calls/reissue-patient-code';
export * from './lib/calls/appointment-actions';
export * from './lib/calls/clinical-lists';
export * from './lib/calls/visit';
export * from './lib/calls/day-appointments';
export * from './lib/calls/list-clinicians';
export * from './lib/calls/download-my-record';
export * from './lib/calls/password-reset';
export * from './lib/calls/list-employees';
export * from './lib/calls/get-employee';
export * from './lib/calls/search-employees';
export * from './lib/calls/add-employee';
export * from './lib/calls/update-employee';
export * from './lib/calls/reissue-employee-code';
export * from './lib/calls/access-approvals';
export * from './lib/calls/search-catalogues';
export * from './lib/calls/clinic-hours';
export * from './lib/calls/prescriptions';
export * from './lib/calls/book-slot';
