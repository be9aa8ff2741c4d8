import { describe, expect, it } from 'vitest';
import { mentionsJars, parseJarSelection } from './jar-selection.js';

const range = (first: number, last: number): number[] =>
  Array.from({ length: last - first + 1 }, (_unused, index) => first + index);

describe('parseJarSelection', () => {
  it.each([
    ['Inspect all 80 cookie jars and report which ones were tampered with, and why'],
    ['check every jar'],
    ['audit the cookie jars'],
    ['Are any of the jars tampered with?'],
    ['Go through each jar on the shelf'],
    ['inspect the 120 jars'],
    ['Inspect all of the jars in the pantry, please.'],
  ])('reads "%s" as all jars, without assuming how many there are', (task) => {
    expect(parseJarSelection(task)).toEqual({ kind: 'all', exclude: [] });
  });

  it.each([
    ['look at jars 12 to 30', range(12, 30)],
    ['jars 12-30', range(12, 30)],
    ['jars 12–30', range(12, 30)],
    ['Check jars 12 - 30 for me', range(12, 30)],
    ['which of jars 1 through 15 were tampered with?', range(1, 15)],
    ['inspect jars from 40 to 45', range(40, 45)],
    ['inspect jars between 7 and 9', [7, 8, 9]],
    ['check between jar 7 and jar 9', [7, 8, 9]],
    ['jars 3, 7 and 41', [3, 7, 41]],
    ['discard the jars with broken seals between 3 and 9', [3, 4, 5, 6, 7, 8, 9]],
    ['bin the dodgy jars from 40 to 42', [40, 41, 42]],
    ['check jars 1-5 and also 77-80', [1, 2, 3, 4, 5, 77, 78, 79, 80]],
    ['jars 3,7,41', [3, 7, 41]],
    ['jars #3 and #7', [3, 7]],
    ['jar #5', [5]],
    ['Is jar 5 OK?', [5]],
    ["What is jar 17's story?", [17]],
    ['jar number 9', [9]],
    ['jar no. 9', [9]],
    ['check jars one to five', [1, 2, 3, 4, 5]],
    ['check jar twenty-one', [21]],
    ['Inspect cookie jars 1-20 and report which ones were tampered with, and why.', range(1, 20)],
    ['jars 1-3, 10-12 and 20', [1, 2, 3, 10, 11, 12, 20]],
    ['jars 30 to 12', range(12, 30)],
    ['jars 12 to 30 except 15 and 16', range(12, 30).filter((id) => id !== 15 && id !== 16)],
    ['jars 1-10 but not jar 4', range(1, 10).filter((id) => id !== 4)],
    ['all jars from 12 to 14', [12, 13, 14]],
    ['get rid of the tampered jars in 1-10', range(1, 10)],
    ['any tampering among jars 4 and 5?', [4, 5]],
  ])('reads "%s" as the listed ids', (task, ids) => {
    expect(parseJarSelection(task)).toMatchObject({ kind: 'ids', ids });
  });

  it('ignores the briefing sentences that follow a worker task', () => {
    const task =
      'Inspect cookie jars 41-60 and report which ones were tampered with, and why.\n\n' +
      'Reply with a short report, not a transcript. If you run out of room, report what you DID establish. Report each jar on its own line; you have 3 minutes.';
    expect(parseJarSelection(task)).toMatchObject({ kind: 'ids', ids: range(41, 60) });
  });

  it.each([
    ['the first 20 jars', { kind: 'first', count: 20 }],
    ['check the first twenty jars', { kind: 'first', count: 20 }],
    ['inspect the first 5 cookie jars', { kind: 'first', count: 5 }],
    ['check 5 jars', { kind: 'first', count: 5 }],
    ['the first jar', { kind: 'first', count: 1 }],
    ['the last 10 jars', { kind: 'last', count: 10 }],
    ['audit the last ten cookie jars, each jar carefully', { kind: 'last', count: 10 }],
    ['jars 70 onwards', { kind: 'from', start: 70 }],
    ['from jar 70 on', { kind: 'from', start: 70 }],
    ['jars 70 and up', { kind: 'from', start: 70 }],
    ['jars 70+', { kind: 'from', start: 70 }],
    ['check the jars from 76 to the end', { kind: 'from', start: 76 }],
    ['jars 60 through the last one', { kind: 'from', start: 60 }],
    ['have a look at the final 5 jars', { kind: 'last', count: 5 }],
  ])('reads "%s" as a selection that needs the list of jars', (task, expected) => {
    expect(parseJarSelection(task)).toMatchObject(expected);
  });

  it('keeps exclusions for selections that are resolved after listing', () => {
    expect(parseJarSelection('check all jars except 3 and 5')).toEqual({ kind: 'all', exclude: [3, 5] });
  });

  it('does not read other numbers in the task as jar ids', () => {
    expect(parseJarSelection('In 3 minutes, check jars 4 to 6 and reply in 2 lines')).toMatchObject({
      kind: 'ids',
      ids: [4, 5, 6],
    });
    expect(parseJarSelection('jar 5 to be checked')).toMatchObject({ kind: 'ids', ids: [5] });
  });

  it('tells a jar task from one that does not mention jars', () => {
    expect(mentionsJars('Inspect cookie jars 1-20')).toBe(true);
    expect(mentionsJars('roll 3 dice')).toBe(false);
  });
});
