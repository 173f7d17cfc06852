import { useState } from 'react';
import { Alert, Badge, Button, Card, Group, Loader, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconCertificate, IconCircleCheck, IconClockHour4, IconEdit, IconFileText, IconKey } from '@tabler/icons-react';
import { Link } from 'react-router';
import { isRole, REGISTRATION_MESSAGES as M, ROLE_NAMES, ROUTES, type Profile } from '@portal/shared';
import { CardHeader } from '../../components/card-header';
import { DetailCard, emailLink } from '../../components/detail-card';
import { LoadFailedAlert } from '../../components/load-failed-alert';
import { PageTitle } from '../../components/page-title';
import { isApiError } from '../../lib/api-client';
import { formatDate } from '../../lib/dates';
import { notifyError, notifySuccess } from '../../lib/notify';
import { openInNewTab } from '../../lib/open-in-new-tab';
import { useCompetencyPdfLink, useProfile, useMarkProfileUpToDate } from './api';

/**
 * The assessor's competency card: View Competencies opens their PDF in a new tab; Mark Profile up to
 * date is enabled once the PDF has been opened, in this session or as the server recorded it.
 */
function CompetencyCard({ profile }: { profile: Profile }) {
  const pdf = useCompetencyPdfLink();
  const mark = useMarkProfileUpToDate();
  const [viewedNow, setViewedNow] = useState(false);
  const viewed = viewedNow || profile.user_info.competency_viewed;
  const reviewed = profile.user_info.reviewed_at;

  const view = async () => {
    try {
      await openInNewTab(() => pdf.mutateAsync());
      setViewedNow(true);
    } catch (error) {
      // A missing PDF is the spec's message; anything else the server's.
      notifyError(isApiError(error) && error.status === 404 ? M.competencyMissing : error, M.competencyMissing);
    }
  };

  const markUpToDate = () =>
    mark.mutate(undefined, {
      onSuccess: (res) => (res.data ? notifySuccess(M.markedUpToDate) : notifyError(M.markUpToDateFailed)),
      onError: () => notifyError(M.markUpToDateFailed),
    });

  return (
    <Card component="section" aria-label="Competency">
      <CardHeader title="Competency" icon={<IconCertificate size={18} aria-hidden />} />
      <Stack gap="sm" align="flex-start">
        <Text size="sm">Open your competency PDF and check it; then mark your profile as up to date.</Text>
        <Text size="sm">
          <Text span c="dimmed" size="sm">
            Last marked up to date:{' '}
          </Text>
          {reviewed ? formatDate(reviewed) : 'Not yet'}
        </Text>
        <Group gap="sm">
          {profile.abilities['profile.competency.view'] && (
            <Button
              variant="light"
              leftSection={<IconFileText size={16} aria-hidden />}
              loading={pdf.isPending}
              onClick={() => void view()}
            >
              View Competencies
            </Button>
          )}
          {profile.abilities['profile.competency.review'] && (
            <Button
              leftSection={<IconCircleCheck size={16} aria-hidden />}
              disabled={!viewed}
              loading={mark.isPending}
              onClick={markUpToDate}
            >
              Mark Profile up to date
            </Button>
          )}
        </Group>
        {profile.abilities['profile.competency.review'] && !viewed && (
          <Text size="xs" c="dimmed">
            Mark Profile up to date is available once you have viewed your competencies.
          </Text>
        )}
      </Stack>
    </Card>
  );
}

function CardsOf({ profile }: { profile: Profile }) {
  const info = profile.user_info;
  return (
    <>
      <DetailCard
        title="Email Details"
        details={info.emails.map((e, i) => ({
          label: `${e.Type || 'Email'} ${i + 1}${e.isPrimary ? ' (primary)' : ''}`,
          value: emailLink(e.email),
        }))}
      />
      <DetailCard
        title="Phone Details"
        details={info.phones.map((p, i) => ({
          label: `${p.Type || 'Phone'} ${i + 1}${p.isPrimary ? ' (primary)' : ''}`,
          value: `${p.countryCode} ${p.phoneNumber}`,
        }))}
      />
      <DetailCard
        title="Address Details"
        details={info.addresses.map((a, i) => ({
          label: `${a.Type || 'Address'} ${i + 1}${a.isPrimary ? ' (primary)' : ''}`,
          value: [a.AddressLine, a.Suburb, a.State, a.Postcode, a.Country].filter(Boolean).join(', '),
        }))}
      />
    </>
  );
}

/** /profile: the user's details, Edit Profile, the change-password card; an assessor's cards. */
export default function ProfilePage() {
  const profile = useProfile();
  if (profile.isError)
    return (
      <LoadFailedAlert
        title="Your profile could not be loaded."
        error={profile.error}
        onRetry={() => void profile.refetch()}
      />
    );
  const p = profile.data;
  return (
    <>
      <PageTitle
        title={ROUTES.profile.title}
        actions={
          <Button component={Link} to={ROUTES.editProfile.path} leftSection={<IconEdit size={16} aria-hidden />}>
            Edit Profile
          </Button>
        }
      />
      {p?.pending_request && (
        <Alert
          icon={<IconClockHour4 size={18} aria-hidden />}
          color="brand"
          mb="md"
          title="Change waiting for approval"
        >
          Your profile change of {formatDate(p.pending_request.created_at)} is waiting for an administrator. Your
          profile shows your current details until it is approved.
        </Alert>
      )}
      {/* Until the profile comes: a loader, not an empty page (the edit link opens its own form, which
          waits for the profile itself; disabled while loading, the link was a grey button of too little
          contrast, and an accessibility check that ran then failed). */}
      {!p && <Loader aria-label="Loading your profile" />}
      {p && (
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
          <DetailCard
            title="Personal Details"
            details={[
              { label: 'Name', value: [p.first_name, p.middle_name, p.last_name].filter(Boolean).join(' ') },
              { label: 'Position Title', value: p.title },
              // An assessor's email and phone are their Email and Phone Details cards, shown once there.
              ...(p.assessor
                ? [{ label: 'User ID', value: p.resource_id }]
                : [
                    { label: 'Email', value: emailLink(p.email) },
                    { label: 'Phone', value: p.mobile_number },
                  ]),
            ]}
          >
            <Group gap="xs" mt="md">
              {p.roles
                .filter((r) => r !== 'LA' || !p.roles.includes('TA'))
                .map((r) => (
                  <Badge key={r} variant="light">
                    {isRole(r) ? ROLE_NAMES[r] : r}
                  </Badge>
                ))}
            </Group>
          </DetailCard>
          {!p.assessor && (
            <DetailCard
              title="Address"
              details={[
                { label: 'Address', value: p.address },
                { label: 'Suburb', value: p.suburb },
                { label: 'State', value: p.state },
                { label: 'Post Code', value: p.postcode },
                { label: 'Country', value: p.country },
              ]}
            />
          )}
          {p.facilities.length > 0 && (
            <DetailCard
              title="Facilities"
              details={p.facilities.map((f) => ({
                label: `${f.facility_number} - ${f.name}`,
                value: f.sites.join(', '),
              }))}
            />
          )}
          {p.committees.length > 0 && (
            <DetailCard
              title="Committees"
              details={p.committees.map((c, i) => ({ label: `Committee ${i + 1}`, value: c }))}
            />
          )}
          {(p.abilities['profile.competency.view'] || p.abilities['profile.competency.review']) && (
            <CompetencyCard profile={p} />
          )}
          {p.assessor && <CardsOf profile={p} />}
          <Card component="section" aria-label="Change Password">
            <CardHeader title="Change Password" icon={<IconKey size={18} aria-hidden />} />
            <Stack gap="sm" align="flex-start">
              <Text size="sm">Choose a new password for signing in.</Text>
              <Button variant="light" component={Link} to={ROUTES.changePassword.path}>
                Change Password
              </Button>
            </Stack>
          </Card>
        </SimpleGrid>
      )}
    </>
  );
}
