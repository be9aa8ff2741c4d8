// The template's own tests run only in a generated package, never here.
import { defineConfig } from 'vitest/config';
import { packageTestSettings } from '../../../vitest.package.js';

export default defineConfig({ test: { ...packageTestSettings, include: ['src/**/*.test.ts'] } });
