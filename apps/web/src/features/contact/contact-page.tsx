import { Button, SimpleGrid, Stack } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link } from 'react-router';
import { ROUTES } from '@portal/shared';
import { PageTitle } from '../../components/page-title';
import { isSignedIn, useSession } from '../../lib/session';
import { ContactDetails } from './contact-details';
import { ContactForm } from './contact-form';

/**
 * /contact (spec/02 "Contact"): the body's details as links and a form. Signed in, the shell draws
 * it with the breadcrumb Dashboard > Contact; signed out, the public frame, with name and email
 * fields and a way back to the login screen.
 */
export default function ContactPage() {
  const signedIn = isSignedIn(useSession());
  return (
    <Stack gap={0} maw={1100}>
      <PageTitle
        title={ROUTES.contact.title}
        actions={
          signedIn ? undefined : (
            <Button
              component={Link}
              to={ROUTES.login.path}
              variant="default"
              leftSection={<IconArrowLeft size={16} aria-hidden />}
            >
              Back to Login
            </Button>
          )
        }
      />
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <ContactDetails />
        <ContactForm signedIn={signedIn} />
      </SimpleGrid>
    </Stack>
  );
}
