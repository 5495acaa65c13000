export * from './lib/auth-context';
export * from './lib/auth-provider';
export * from './lib/require-role';
export * from './lib/use-portal-navigate';
export * from './lib/session-ended-notice';
export * from './lib/session-timings';
export type { IdleWarningState } from './lib/use-session-activity';
export type { IdleWarningSnapshot } from './lib/session-monitor';
