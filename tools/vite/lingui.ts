import { fileURLToPath } from 'node:url';
import { lingui } from '@lingui/vite-plugin';

const configPath = fileURLToPath(new URL('../../lingui.config.js', import.meta.url));

/**
 * Compiles a message catalogue where a `?lingui` import names it (libs/shared/i18n): in the
 * apps' builds, every Vitest project and Storybook. A message that does not compile fails the
 * build rather than showing its ICU source to a patient.
 */
export function linguiCatalogs() {
  return lingui({ configPath, failOnCompileError: true });
}
