import { describe, expect, it } from 'vitest';
import { findFeatureClashes } from './feature-clashes.js';

describe('findFeatureClashes', () => {
  it('reports prompt names that differ only by case, a separator or a look-alike, once', () => {
    const clashes = findFeatureClashes([
      { server: 'cookie-jars', resourceUris: ['jar://1'], promptNames: ['check_shelf'] },
      { server: 'jar-tools', resourceUris: ['jar://1'], promptNames: ['CHECK-SHELF', 'check\u2010shelf'] },
    ]);
    expect(clashes.map((clash) => [clash.kind, clash.name, clash.servers])).toEqual([
      ['resource', 'jar://1', ['cookie-jars', 'jar-tools']],
      ['prompt', 'check_shelf', ['cookie-jars', 'jar-tools']],
    ]);
  });
});
