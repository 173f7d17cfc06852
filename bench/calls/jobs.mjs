import { listCalls } from '../list-calls.mjs';

/** Jobs, a job's documents and invoices on the data of `npm run generate`. */
export const database = 'portal_bench';
export const emails = ['bench-ar-1@bench.test', 'bench-ta-2001@bench.test'];
export const calls = (portalUrl, tokens) => listCalls(portalUrl, tokens);
