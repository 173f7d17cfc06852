import { readdirSync, readFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { makePdf } from '../../db/seed/meeting-files.js';
import { createExtractor } from './meetings.extractor.js';

/** The nice value of each thread of this process (Linux: field 19 of /proc/self/task/<tid>/stat). */
function threadNiceValues(): number[] {
  return readdirSync('/proc/self/task').map((tid) => {
    const stat = readFileSync(`/proc/self/task/${tid}/stat`, 'utf8');
    // The fields after the command name (which is in parentheses and may hold spaces).
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return Number(fields[16]);
  });
}

const extractor = createExtractor();
afterAll(() => extractor.close());

describe('the extraction worker', () => {
  it.runIf(process.platform === 'linux')(
    'reads a PDF in a thread of the lowest priority, the rest of the server untouched',
    async () => {
      const before = threadNiceValues();
      expect(before.every((n) => n === before[0])).toBe(true);
      const extracted = await extractor.extract('agenda.pdf', await makePdf('Agenda', ['Proficiency testing round']));
      expect(extracted.state === 'indexed' && extracted.text).toContain('Proficiency');
      const after = threadNiceValues();
      // One thread more, at 19: the worker; every other thread as it was (the main thread included).
      expect(after.filter((n) => n === 19)).toHaveLength(1);
      expect(after.filter((n) => n !== 19).every((n) => n === before[0])).toBe(true);
    },
  );
});
