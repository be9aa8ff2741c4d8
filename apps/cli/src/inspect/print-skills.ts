// `kitchen skills SERVER`: a server's skills, each with its files and whether each matched the
// size and digest the server published for it (a file that does not must not be given to a
// model). App side; server text is cleaned before it is shown.

import type { ServerSkills } from '@kitchen/host';
import { cleanText, shortenLine } from '@kitchen/runtime/text/clean-text';

interface Sink {
  write(text: string): unknown;
}

export function printSkills(out: Sink, server: string, read: ServerSkills, json: boolean): void {
  if (json) {
    for (const skill of read.skills) out.write(`${JSON.stringify({ server, ...skill })}\n`);
    return;
  }
  if (!read.supported) {
    out.write(`🧰 ${cleanText(server)} offers no skills (it does not declare the skills extension)\n`);
    return;
  }
  out.write(`🧰 ${cleanText(server)}: ${read.skills.length} skill${read.skills.length === 1 ? '' : 's'}\n`);
  for (const skill of read.skills) {
    out.write(`${cleanText(skill.name)}  ${cleanText(skill.uri)}\n`);
    if (skill.description) out.write(`    ${shortenLine(skill.description, 96)}\n`);
    for (const file of skill.files) {
      const mark = file.verified ? '✓ verified' : `✗ NOT verified: ${cleanText(file.problem ?? 'unchecked')}`;
      out.write(`    ${cleanText(file.path)} (${file.size.toLocaleString('en-US')} bytes) ${mark}\n`);
    }
  }
}
