/**
 * What the forum's and the meetings' scale data share: the 200-word vocabulary their text is drawn
 * from, and 200 committees of 50 members (10,000 users `bench-cm-N@bench.test`, password
 * `portal-demo`; member 1 of each committee is its admin, members 1-10 have the write flag).
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../apps/server/src/db/client.js';
import { seedIfEmpty } from '../apps/server/src/db/seed/seed.js';
import type { stepper } from './bench-db.js';

// 200 words of a testing laboratory's talk; a sentence is 12 of them (or n) picked by the row number.
export const WORDS =
  'calibration balance uncertainty measurement laboratory method validation proficiency testing chromatography spectrometry sample reference material traceability standard accreditation assessor audit report procedure equipment temperature humidity pipette volumetric titration microbiology culture media incubator sterilisation biosafety cabinet airflow certificate records retention policy committee meeting agenda minutes nomination review comment draft guidance workshop training competence personnel supervision quality manual document control corrective action nonconformity complaint customer contract subcontract sampling plan statistics control chart drift repeatability reproducibility bias recovery spike blank duplicate replicate detection limit quantitation linearity range specificity robustness ruggedness matrix effect interference contamination cleaning decontamination waste disposal safety hazard risk assessment ethics impartiality confidentiality independence management system internal external interlaboratory comparison scheme provider round result zscore outlier investigation root cause trend monitoring environment conditions facility premises storage transport preservation holding time chain custody receipt labelling identification software verification data integrity backup archive electronic signature access security network instrument maintenance service schedule interval check verification intermediate metrology thermometer hygrometer barometer gauge sieve oven furnace autoclave centrifuge microscope ph conductivity turbidity dissolved oxygen nitrate phosphate ammonia metals lead cadmium arsenic mercury pesticide residue organophosphate herbicide fungicide mycotoxin allergen gluten listeria salmonella ecoli coliform yeast mould enumeration presence absence rapid molecular pcr sequencing elisa immunoassay'
    .split(' ')
    .slice(0, 200);
export const words = `array[${WORDS.map((w) => `'${w}'`).join(',')}]`;
/** SQL: a sentence of `n` words picked by the seed expression (the row number). */
export const sentence = (seed: string, n = 12) =>
  `(select string_agg((${words})[1 + ((${seed})::bigint * 7919 + i * 104729) % ${WORDS.length}], ' ') from generate_series(1, ${n}) i)`;

/** True when the committees and their members are there already. */
export async function hasCommittees(db: Db): Promise<boolean> {
  const [{ n } = { n: 0 }] = (
    await db.execute<{ n: number }>(sql`select count(*)::int as n from users where email like 'bench-cm-%'`)
  ).rows;
  return n > 0;
}

/** The demo accounts, then the 10,000 members and their 200 committees. */
export async function addCommittees(db: Db, step: ReturnType<typeof stepper>) {
  await seedIfEmpty(db);
  await step(
    'users',
    `insert into users (email, password_hash, first_name, last_name, title, mobile_number, activated)
     select 'bench-cm-' || g || '@bench.test', (select password_hash from users where email = 'cm@portal.test'),
            'Member', 'Number ' || g, case when g % 3 = 0 then null else 'Scientist' end, '+614' || lpad(g::text, 8, '0'), true
     from generate_series(1, 10000) g`,
  );
  await step(
    'user roles',
    `insert into user_roles (user_id, role) select id, 'CM' from users where email like 'bench-cm-%'`,
  );
  await step(
    'committees',
    `insert into committees (name, admin_id)
     select 'Bench Committee ' || g, (select id from users where email = 'bench-cm-' || ((g - 1) * 50 + 1) || '@bench.test')
     from generate_series(1, 200) g`,
  );
  await step(
    'members',
    `insert into committee_members (committee_id, user_id, can_write)
     select c.id, u.id, (g - 1) % 50 < 10
     from generate_series(1, 10000) g
     join committees c on c.name = 'Bench Committee ' || ((g - 1) / 50 + 1)
     join users u on u.email = 'bench-cm-' || g || '@bench.test'`,
  );
}
