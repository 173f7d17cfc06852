import type { Facility } from '@portal/shared';

/** 'Carlton 3053': the suburb with its post code. */
export function placeLine(f: Pick<Facility, 'suburb' | 'post_code'>): string {
  return [f.suburb, f.post_code].filter(Boolean).join(' ');
}

/** '12 Main St, Carlton 3053': the street line and the suburb with its post code. */
export function addressLine(f: Pick<Facility, 'address' | 'suburb' | 'post_code'>): string {
  return [f.address, placeLine(f)].filter(Boolean).join(', ');
}
