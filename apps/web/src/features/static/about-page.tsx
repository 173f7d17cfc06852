import { Anchor, Card, List, Stack, Text, Title } from '@mantine/core';
import { BODY_NAME, CONTACT, CONTACT_LINKS, PRODUCT_NAME, ROUTES } from '@portal/shared';
import { PageTitle } from '../../components/page-title';

/** /about */
export default function AboutPage() {
  return (
    <>
      <PageTitle title={ROUTES.about.title} />
      <Card maw={860}>
        <Stack gap="md">
          <Text>
            The {PRODUCT_NAME} is where members of {BODY_NAME} sign in to see the work assigned to them and to exchange
            documents with the body securely.
          </Text>
          <div>
            <Title order={2} size="h4" mb={6}>
              Who uses the portal
            </Title>
            <List spacing={4} size="sm">
              <List.Item>
                Authorised representatives look after their facilities and sites, follow their jobs and pay their
                invoices.
              </List.Item>
              <List.Item>
                Technical and lead assessors work on assessment visits and review the documents facilities submit.
              </List.Item>
              <List.Item>
                Committee members discuss in their committee forum, read meeting documents and keep a shared calendar.
              </List.Item>
              <List.Item>
                Everyone reads publications, subscribes to the categories they care about and receives notifications.
              </List.Item>
              <List.Item>
                Administrators approve registrations and profile changes and manage users and committees.
              </List.Item>
            </List>
          </div>
          <div>
            <Title order={2} size="h4" mb={6}>
              Your security
            </Title>
            <Text size="sm">
              Every sign-in is confirmed with a 4-digit code sent by email or SMS. You can set up SMS verification from
              your account menu, and choose to remember a device you trust.
            </Text>
          </div>
          <div>
            <Title order={2} size="h4" mb={6}>
              Contact us
            </Title>
            <Text size="sm">
              Free call <Anchor href={CONTACT_LINKS.phone}>{CONTACT.phone}</Anchor>, email{' '}
              <Anchor href={CONTACT_LINKS.email}>{CONTACT.email}</Anchor>, or write to {CONTACT.address}.
            </Text>
          </div>
        </Stack>
      </Card>
    </>
  );
}
