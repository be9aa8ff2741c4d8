#!/usr/bin/env node
// The installed `kitchen` command: loads the app's own tsx (never a global one), then the CLI.
import { register } from 'tsx/esm/api';

register();
await import('../src/cli.ts');
