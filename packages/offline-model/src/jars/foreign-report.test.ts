import { describe, expect, it } from 'vitest';
import { readForeignReport } from './foreign-report.js';

const slice = Array.from({ length: 10 }, (_unused, index) => index + 1);
const statuses = (text: string) =>
  Object.fromEntries(readForeignReport(text, slice)?.findings.map((finding) => [finding.id, finding.status]) ?? []);

describe('readForeignReport', () => {
  it('reads prose: tampered jars by sentence, "all the others are clean" for the rest', () => {
    const text =
      "I inspected jars 1-10. Jar 3 has a broken seal. Jar 7's weight is 412 g against 400 g expected, with no authorization note. All the other jars are clean.";
    const found = readForeignReport(text, slice);
    expect(found?.findings.find((finding) => finding.id === 3)).toMatchObject({ status: 'tampered', sealBroken: true });
    expect(found?.findings.find((finding) => finding.id === 7)).toMatchObject({ status: 'tampered', weightOff: true });
    expect(statuses(text)).toMatchObject({ 1: 'clean', 2: 'clean', 10: 'clean' });
  });

  it('reads a markdown list, and a jar said not to be tampered as clean', () => {
    const text =
      '**Tampered:**\n- **Jar 4** — seal cracked open\n- Jar 9: 20 g underweight\n\nJar 5 is not tampered; its note is AUTHORIZED.';
    expect(statuses(text)).toEqual({ 4: 'tampered', 5: 'clean', 9: 'tampered' });
  });

  it('leaves jars unsettled when the report never says the rest are clean', () => {
    expect(statuses('Jar 2 has a broken seal.')).toEqual({ 2: 'tampered' });
  });

  it('reads a JSON report by its field names, and a clean count that accounts for the rest', () => {
    const text = JSON.stringify({ tamperedJars: [{ id: 6, reason: 'seal broken' }], cleanCount: 9 });
    expect(statuses(text)).toMatchObject({ 6: 'tampered', 1: 'clean', 10: 'clean' });
    const perJar = JSON.stringify({
      jars: [
        { jar: 1, status: 'clean' },
        { jar: 2, status: 'TAMPERED', reason: 'seal' },
      ],
    });
    expect(statuses(perJar)).toEqual({ 1: 'clean', 2: 'tampered' });
  });

  it('settles nothing from text that is not a report', () => {
    expect(readForeignReport('Agent thread limit reached. Solve the task yourself.', slice)).toBeUndefined();
    expect(readForeignReport('I could not finish.', slice)).toBeUndefined();
  });
});
