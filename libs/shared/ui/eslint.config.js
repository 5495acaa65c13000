// The root's blocks, their file patterns read from the workspace root (see projectConfig).
export { projectConfig as default } from '../../../eslint.config.js';
