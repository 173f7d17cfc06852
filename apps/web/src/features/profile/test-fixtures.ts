import type { Profile } from '@portal/shared';

/** ta@ as the demo has them: an assessor with a competency PDF not yet opened. */
export function assessorProfile(overrides: Partial<Profile> = {}): Profile {
  return {
    id: 3,
    first_name: 'Tess',
    middle_name: null,
    last_name: 'Assessor',
    title: 'Technical Assessor',
    email: 'ta@portal.test',
    mobile_number: '0412000111',
    address: '4 Elm Street',
    country: 'Australia',
    state: 'NSW',
    suburb: 'Ryde',
    postcode: '2112',
    resource_id: 'TA-1001',
    roles: ['TA'],
    facilities: [],
    committees: [],
    assessor: true,
    user_info: {
      emails: [{ Type: 'Work', email: 'ta@portal.test', isPrimary: true }],
      phones: [{ Type: 'Mobile', countryCode: '+61', phoneNumber: '412000111', isPrimary: true }],
      addresses: [
        {
          Type: 'Home',
          AddressLine: '4 Elm Street',
          Country: 'Australia',
          State: 'NSW',
          Suburb: 'Ryde',
          Postcode: '2112',
          isPrimary: true,
        },
      ],
      competency_pdf: true,
      competency_viewed: false,
      reviewed_at: null,
    },
    pending_request: null,
    abilities: {
      'profile.competency.view': true,
      'profile.competency.review': true,
      'profile.competency.suggest': true,
    },
    ...overrides,
  };
}
