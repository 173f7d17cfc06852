/** The names users see for fields: the profile's labels and the registration wizard's placeholders. */

/** The flat profile fields a change may name, with the labels of the 'CHANGE REQUEST IN' list. */
export const PROFILE_FIELDS = {
  first_name: 'First Name',
  middle_name: 'Middle Name',
  last_name: 'Last Name',
  title: 'Position Title',
  mobile_number: 'Phone',
  email: 'Email',
  address: 'Address',
  country: 'Country',
  state: 'State',
  suburb: 'Suburb',
  postcode: 'Post Code',
} as const;

/** The placeholders of the wizard's inputs: 'Please input valid detail for {placeholder}'. */
export const REGISTRATION_PLACEHOLDERS = {
  first_name: 'First Name',
  last_name: 'Last Name',
  title: 'Position Title',
  mobile_number: 'Mobile Number',
  email: 'Email',
  address: 'Address',
  billing_address: 'Billing Address',
  suburb: 'Suburb',
  state: 'State',
  country: 'Country',
  postcode: 'Post Code',
  userId: 'User ID',
  signatureName: 'Full Name',
  signatureTitle: 'Signature Title',
  signatureDate: 'Date',
} as const;
