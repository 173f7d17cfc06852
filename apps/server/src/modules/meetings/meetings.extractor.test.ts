import { readdirSync, readFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { makePdf } from '../../db/seed/meeting-files.js';
import { createExtractor } from './meetings.extractor.js';

/** The nice value of each thread of this process by its id (Linux: field 19 of /proc/self/task/<tid>/stat). */
function threadNiceValues(): Map<string, number> {
  return new Map(
    readdirSync('/proc/self/task').map((tid) => {
      const stat = readFileSync(`/proc/self/task/${tid}/stat`, 'utf8');
      // The fields after the command name (which is in parentheses and may hold spaces).
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      return [tid, Number(fields[16])];
    }),
  );
}

const extractor = createExtractor();
afterAll(() => extractor.close());

describe('the extraction worker', () => {
  it.runIf(process.platform === 'linux')(
    'reads a PDF in a thread of the lowest priority, the rest of the server untouched',
    async () => {
      const before = threadNiceValues();
      const usual = before.get(String(process.pid))!;
      expect([...before.values()].every((n) => n === usual)).toBe(true);
      const extracted = await extractor.extract('agenda.pdf', await makePdf('Agenda', ['Proficiency testing round']));
      expect(extracted.state === 'indexed' && extracted.text).toContain('Proficiency');
      const after = threadNiceValues();
      // The worker's threads at 19 (Node 20 starts one, Node 24 some helpers of it too); every
      // thread that was there before, the main thread included, as it was.
      expect([...after.values()].filter((n) => n === 19).length).toBeGreaterThanOrEqual(1);
      for (const [tid, nice] of before) if (after.has(tid)) expect(after.get(tid), `thread ${tid}`).toBe(nice);
      expect(after.get(String(process.pid))).toBe(usual);
    },
  );
});
