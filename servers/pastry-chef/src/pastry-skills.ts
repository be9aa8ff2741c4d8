// The pastry chef's skill (the skills extension, SEP-2640): how to laminate a dough, as a SKILL.md
// with one reference file. The SDK's catalog publishes each file's size and digest in the skill's
// entry, so a host can check what it reads before offering it to a model. Server side.

import { memorySkillFiles, type SkillCatalog, SkillsExtension } from '@modelcontextprotocol/server/ext/skills';

/** The skill's files, by path under the catalog's root. */
export const PASTRY_SKILL_FILES: Record<string, string> = {
  'laminated-dough/SKILL.md': [
    '---',
    'name: laminated-dough',
    'description: Laminate a yeasted dough with butter for croissants and pain au chocolat (three single turns, rests between).',
    '---',
    '# Laminated dough',
    '',
    '1. Make the détrempe the day before and chill it overnight.',
    '2. Beat the butter into a 15 cm square; it must bend without breaking (about 13 °C).',
    '3. Lock the butter in, then give three single turns, 30 minutes in the fridge after each.',
    '4. Roll to 4 mm and cut. See references/TURNS.md for how a turn is folded.',
    '',
  ].join('\n'),
  'laminated-dough/references/TURNS.md': [
    '# Turns',
    '',
    'A single (letter) turn: roll the dough to three times its width and fold it in thirds.',
    'A double (book) turn: fold both ends to the middle, then close it like a book.',
    'Three single turns make 27 layers of butter.',
    '',
  ].join('\n'),
};

/** The catalog the chef serves; attach it to each McpServer before it connects. */
export function loadPastrySkills(): Promise<SkillCatalog> {
  return SkillsExtension.load(memorySkillFiles(PASTRY_SKILL_FILES), { strict: true });
}
