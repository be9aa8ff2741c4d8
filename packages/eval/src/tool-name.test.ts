import { describe, expect, it } from 'vitest';
import { displayToolName, namesTool } from './tool-name.js';

describe('tool names', () => {
  it('names a server tool the way kitchen tools prints it, even when a clash namespaced it', () => {
    expect(displayToolName({ tool: 'inspect_jar', server: 'cookie-jars' })).toBe('cookie-jars.inspect_jar');
    expect(displayToolName({ tool: 'cookie-jars__inspect_jar', server: 'cookie-jars' })).toBe(
      'cookie-jars.inspect_jar',
    );
    expect(displayToolName({ tool: 'spawn_agent', server: 'local' })).toBe('spawn_agent');
  });

  it('matches a full name on its server only, and a bare name on any server', () => {
    const call = { tool: 'inspect_jar', server: 'cookie-jars' };
    expect(namesTool('cookie-jars.inspect_jar', call)).toBe(true);
    expect(namesTool('other-jars.inspect_jar', call)).toBe(false);
    expect(namesTool('inspect_jar', call)).toBe(true);
    expect(namesTool('inspect', call)).toBe(false);
    expect(namesTool('spawn_agent', { tool: 'spawn_agent', server: 'local' })).toBe(true);
  });
});
