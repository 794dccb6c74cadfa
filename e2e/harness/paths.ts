import { fileURLToPath } from 'node:url';

export const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));
export const RENDERER_DIR = fileURLToPath(new URL('../../desktop/out/renderer', import.meta.url));
export const SCREENSHOT_DIR = fileURLToPath(new URL('../screenshots', import.meta.url));
export const LOCALES_DIR = fileURLToPath(new URL('../../shared/src/locales', import.meta.url));
