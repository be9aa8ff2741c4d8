// The pastry chef's skill catalog: one skill with its SKILL.md and a reference file, each
// published with the size and digest a host checks before it offers the skill to a model.

import { describe, expect, it } from 'vitest';
import { loadPastrySkills, PASTRY_SKILL_FILES } from './pastry-skills.js';

describe('the pastry chef’s skills', () => {
  it('publishes the laminated-dough skill with every file sized and digested', async () => {
    const catalog = await loadPastrySkills();
    expect(catalog.entries).toHaveLength(1);
    const [skill] = catalog.entries;
    const entry = JSON.parse(JSON.stringify(skill)) as Record<string, unknown>;
    expect(JSON.stringify(entry)).toContain('skill://laminated-dough/SKILL.md');
    expect(JSON.stringify(entry)).toContain('references/TURNS.md');
    const size = new TextEncoder().encode(PASTRY_SKILL_FILES['laminated-dough/references/TURNS.md']).length;
    expect(JSON.stringify(entry)).toContain(`${size}`);
  });
});
