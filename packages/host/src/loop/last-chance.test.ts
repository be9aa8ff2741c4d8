import { describe, expect, it } from 'vitest';
import { fallbackReport, lastChanceNudge } from './last-chance.js';

describe('last chance', () => {
  it('asks for what the agent DID establish, with a first sentence that says which limit it hit', () => {
    const rest = 'Reply now, without tools, with a short report of what you DID establish and what you did not reach.';
    expect(lastChanceNudge('max_iterations')).toBe(`You have reached the iteration limit. ${rest}`);
    expect(lastChanceNudge('budget')).toBe(`The run has almost no token budget left. ${rest}`);
  });

  it('falls back to every text the agent wrote, or says nothing was established', () => {
    expect(fallbackReport('budget', ['Jar 1 is fine.', '  ', 'Jar 2 has a broken seal.'])).toBe(
      'I ran out of token budget before I could finish. What I had so far:\nJar 1 is fine.\nJar 2 has a broken seal.',
    );
    expect(fallbackReport('max_iterations', [])).toBe(
      'I reached the iteration limit before I could finish: nothing established.',
    );
  });
});
