/**
 * The idle-session warning's dialog in a chunk of its own: PortalFrame fetches it when the
 * warning opens, so a visit that is never warned (every signed-out one) does not download it.
 */
export { SessionWarningDialog } from '@portal/ui';
