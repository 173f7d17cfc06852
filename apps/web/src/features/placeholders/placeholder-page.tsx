import { Card, Group, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconTools } from '@tabler/icons-react';
import { useMatches } from 'react-router';
import { ROUTES, type RouteName } from '@portal/shared';
import { PageTitle } from '../../components/page-title';

/** What each page of a later area will hold, from the spec. */
const COMING: Partial<Record<RouteName, string>> = {
  register:
    'The registration wizard: personal details, facilities, committees, subscriptions and a summary to submit for approval.',
  jobs: 'Your jobs (assessment visits) with their number, type, visit date, site and status, with filters.',
  job: 'The job with its stage, details, site, lead assessor, and the documents received and submitted.',
  invoices: 'Your outstanding invoices with their type, date, facility, job number and amount due.',
  facilities: 'Your facilities and their sites, with contact details you can update.',
  facility: 'The facility with its details and sites.',
  site: 'The site with its details, contacts, jobs and documents.',
  calendar: 'The committee calendar in month and week views, with meetings and events.',
  calendarDate: 'The committee calendar, opened at the chosen date.',
  profile: 'Your personal details, and a way to ask for changes.',
  editProfile: 'A form to request changes to your profile; an administrator approves them.',
  meetingDocuments: 'Committee meeting documents in folders, with search and downloads.',
  forum: "Your committee's discussions, with search and a way to start a new one.",
  discussion: 'The discussion with its replies and attachments.',
  newDiscussion: 'A form to start a discussion in your committee forum.',
  editDiscussion: 'A form to edit your discussion.',
  members: 'The members of your committee, with search.',
  adminReports: 'The report of technical assessors not used for a number of months, to export or notify.',
  adminUsers: 'All users, searchable, with a link to each profile.',
  adminUser: "The user's profile, to activate, deactivate, delete or change forum permissions.",
  adminEditPersonalDetails: "A form to edit the user's personal details, roles, facilities and committees.",
  adminPendingRegistrationAll: 'All registrations waiting for approval.',
  adminPendingRegistration: 'The registration waiting for approval, to approve or reject.',
  adminEditRegistration: 'A form to edit the registration before approving it.',
  adminPendingProfileChangeAll: 'All profile changes waiting for approval.',
  adminPendingProfileChange: 'The requested profile changes, to approve or reject.',
  adminNotifications: 'Send a notification to groups of users, and see the notifications sent before.',
  adminManageCommittees: 'Committees and their forum admins, to add and edit.',
};

interface RouteHandle {
  route?: RouteName;
}

/** A page of an area built later: its title and what will be here. */
export default function PlaceholderPage() {
  const matches = useMatches();
  const name = (matches[matches.length - 1]?.handle as RouteHandle | undefined)?.route;
  const route = name ? ROUTES[name] : undefined;
  const title = route?.title ?? 'Coming soon';

  return (
    <>
      <PageTitle title={title} />
      <Card maw={720}>
        <Group wrap="nowrap" align="flex-start" gap="md">
          <ThemeIcon variant="light" size={44} radius="md">
            <IconTools size={24} />
          </ThemeIcon>
          <Stack gap={4}>
            <Text fw={600}>This page is coming soon.</Text>
            <Text size="sm" c="dimmed">
              {(name && COMING[name]) ?? 'This part of the portal is being built.'}
            </Text>
          </Stack>
        </Group>
      </Card>
    </>
  );
}
