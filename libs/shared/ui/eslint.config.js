import { resolve } from 'node:path';
import root from '../../../eslint.config.js';

// `nx lint` runs ESLint in this folder, but the root's `files` patterns are written from the
// workspace root (`libs/shared/{ui,shell,form-widgets,auth}/src/**/*.tsx`): resolve them
// there, or the blocks that name folders (no-unlocalized-strings among them) never apply here.
const workspaceRoot = resolve(import.meta.dirname, '../../..');

export default root.map((config) => ({ basePath: workspaceRoot, ...config }));
