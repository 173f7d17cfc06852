import v8 from 'node:v8';

/**
 * V8's settings for serving, applied once the server listens: no more "pretenuring". V8 watches
 * where objects are made, and a place whose objects mostly survived a young collection has its
 * objects made in the old generation from then on, where only a full collection frees them. Under
 * load it took places whose objects live for one request: zod's payload of a query's transform (a
 * month of events left 240-250 bytes a request to the old generation, the baseline 20-35) and the
 * calendar feed's events (75 kB a request once). With this set after the start, those were 39 and 17
 * bytes (bench/alloc.mjs, its promoted column; bench/README.md, 2026-11-30). Not a node flag for the
 * whole process: the start's own objects (schemas, routes, statements) do live on, and
 * `node --no-allocation-site-pretenuring` made a start 30-100 ms slower. `v8.setFlagsFromString`
 * is Node's documented way; this flag is read at each collection, so setting it late takes effect.
 */
export function applyServingSettings(): void {
  v8.setFlagsFromString('--no-allocation-site-pretenuring');
}
