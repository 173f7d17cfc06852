import { Stack, Text, Title } from '@mantine/core';
import { modals } from '../lib/modals';
import { BODY_NAME, PRODUCT_NAME } from '@portal/shared';
import { overlaysReady } from '../lib/overlays';

const SECTIONS: { title: string; body: string[] }[] = [
  {
    title: 'General',
    body: [
      `These terms govern your use of the ${PRODUCT_NAME} of ${BODY_NAME}. By signing in or otherwise using the portal you accept them. If you do not accept them, do not use the portal.`,
      'Your account is personal. Keep your password and verification codes to yourself, and tell us straight away if you think someone else has used your account. We may change these terms; the version shown here applies from the day it is published.',
    ],
  },
  {
    title: 'Disclaimers',
    body: [
      'The portal and its documents are provided for the purpose of accreditation work. We take care to keep the information accurate and current, but it is provided "as is", without any warranty that it is complete, free of errors or always available.',
      'Accreditation decisions are made and communicated formally by the body; nothing in the portal replaces those formal communications.',
    ],
  },
  {
    title: 'Third-party links',
    body: [
      'The portal may link to websites and documents that other organisations publish. We do not control them and are not responsible for their content, availability or privacy practices. A link is provided for convenience only.',
    ],
  },
  {
    title: 'Damages',
    body: [
      'To the extent the law allows, we are not liable for any loss or damage, direct or indirect, that arises from using or being unable to use the portal or any information in it, including loss of data or interruption of business.',
    ],
  },
  {
    title: 'Endorsement',
    body: [
      'A reference in the portal to an organisation, product, service or publication is not an endorsement of it by the body, unless we say so expressly.',
    ],
  },
  {
    title: 'Indemnity',
    body: [
      'You agree to indemnify the body against any claim, loss or cost that arises from your breach of these terms or from material you upload to the portal, including documents that you are not entitled to share.',
    ],
  },
  {
    title: 'Jurisdiction',
    body: [
      'These terms are governed by the laws of New South Wales, Australia. You submit to the non-exclusive jurisdiction of the courts of New South Wales and the courts that may hear appeals from them.',
    ],
  },
];

/** The Terms and Conditions (spec/01 2.3), shown in the login modal and on /terms-conditions. */
export function TermsOfUse({ headingOrder = 2 }: { headingOrder?: 2 | 3 }) {
  return (
    <Stack gap="md">
      {SECTIONS.map((section) => (
        <section key={section.title} aria-label={section.title}>
          <Title order={headingOrder} size="h4" mb={6}>
            {section.title}
          </Title>
          <Stack gap={6}>
            {section.body.map((paragraph) => (
              <Text key={paragraph.slice(0, 24)} size="sm">
                {paragraph}
              </Text>
            ))}
          </Stack>
        </section>
      ))}
    </Stack>
  );
}

export function openTermsModal(): void {
  void overlaysReady().then(() =>
    modals.open({ title: 'Terms and Conditions', size: 'lg', children: <TermsOfUse headingOrder={3} /> }),
  );
}
