import { describe, expect, it } from 'vitest';
import { explainRepertoire, notUnderstood, notUnderstoodLine } from './repertoire.js';

describe('saying what was not understood', () => {
  it('finds the line that says a whole task or a part of one was not understood', () => {
    const whole = explainRepertoire('paint the fence', []);
    expect(notUnderstoodLine(whole)).toMatch(/^I am the offline model: .*"paint the fence"\.$/);
    const part = `Jar 3 is fine.\n${notUnderstood('paint the fence')}`;
    expect(notUnderstoodLine(part)).toBe(notUnderstood('paint the fence'));
  });

  it('finds nothing in an answer that understood the task', () => {
    expect(notUnderstoodLine('I cannot roll dice: no roll_dice tool was offered.')).toBeUndefined();
  });
});
