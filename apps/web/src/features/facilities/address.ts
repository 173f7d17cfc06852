import type { Facility } from '@portal/shared';

/** '12 Main St, Carlton 3053': the street line and the suburb with its post code. */
export function addressLine(f: Pick<Facility, 'address' | 'suburb' | 'post_code'>): string {
  const place = [f.suburb, f.post_code].filter(Boolean).join(' ');
  return [f.address, place].filter(Boolean).join(', ');
}
