export { default } from '../../vitest.package.js';
