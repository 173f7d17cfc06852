import { useState } from 'react';
import { Alert, Button, Card, Group, Stack, Text, ThemeIcon } from '@mantine/core';
import {
  IconDownload,
  IconFile,
  IconFileSpreadsheet,
  IconFileText,
  IconFileTypePdf,
  IconFileTypePpt,
  IconFileWord,
  IconFileZip,
  IconLock,
  IconPhoto,
} from '@tabler/icons-react';
import type { ComponentType } from 'react';
import { Link } from 'react-router';
import { RESOURCE_MESSAGES, ROUTES, type ResourceItem } from '@portal/shared';
import { DataTable, type DataColumn } from '../../components/data-table';
import { downloadFile } from '../../components/documents/download';
import { LoadFailedAlert } from '../../components/load-failed-alert';
import { PageTitle } from '../../components/page-title';
import { isApiError } from '../../lib/api-client';
import { formatDate } from '../../lib/dates';
import { notifyError } from '../../lib/notify';
import { isSignedIn, useSession } from '../../lib/session';
import { useResources } from './api';

const ICONS: Record<
  ResourceItem['typeIcon'],
  { icon: ComponentType<{ size?: number }>; label: string; color: string }
> = {
  pdf: { icon: IconFileTypePdf, label: 'PDF', color: 'red' },
  word: { icon: IconFileWord, label: 'Word document', color: 'blue' },
  excel: { icon: IconFileSpreadsheet, label: 'Spreadsheet', color: 'green' },
  powerpoint: { icon: IconFileTypePpt, label: 'Presentation', color: 'orange' },
  image: { icon: IconPhoto, label: 'Image', color: 'grape' },
  archive: { icon: IconFileZip, label: 'Zip archive', color: 'gray' },
  text: { icon: IconFileText, label: 'Text file', color: 'gray' },
  file: { icon: IconFile, label: 'File', color: 'gray' },
};

function ResourceName({ resource }: { resource: ResourceItem }) {
  const kind = ICONS[resource.typeIcon];
  const Icon = kind.icon;
  return (
    <Group gap="sm" wrap="nowrap">
      <ThemeIcon variant="light" color={kind.color} size="md" radius="sm" aria-hidden>
        <Icon size={18} />
      </ThemeIcon>
      <Stack gap={0}>
        <Text size="sm" fw={500}>
          {resource.name}
        </Text>
        <Text size="xs" c="dimmed">
          {kind.label} · {resource.file_name}
        </Text>
      </Stack>
    </Group>
  );
}

function DownloadButton({ resource }: { resource: ResourceItem }) {
  const [busy, setBusy] = useState(false);
  return (
    <Button
      size="xs"
      variant="light"
      leftSection={<IconDownload size={14} aria-hidden />}
      loading={busy}
      aria-label={`Download ${resource.name}`}
      onClick={() => {
        setBusy(true);
        downloadFile(resource.url)
          .catch((e: unknown) => notifyError(e))
          .finally(() => setBusy(false));
      }}
    >
      Download
    </Button>
  );
}

const columns: DataColumn<ResourceItem>[] = [
  { title: 'Name', render: (r) => <ResourceName resource={r} /> },
  { title: 'Date Updated', render: (r) => formatDate(r.dateUpdated), width: 140 },
  { title: 'Download', hiddenTitle: true, render: (r) => <DownloadButton resource={r} />, width: 140 },
];

function SignInPrompt() {
  return (
    <Card maw={560}>
      <Group gap="md" wrap="nowrap" align="flex-start">
        <ThemeIcon variant="light" size="xl" radius="xl" aria-hidden>
          <IconLock size={22} />
        </ThemeIcon>
        <Stack gap="sm" align="flex-start">
          <Text>{RESOURCE_MESSAGES.signInPrompt}</Text>
          <Button component={Link} to={ROUTES.login.path}>
            Log In
          </Button>
        </Stack>
      </Group>
    </Card>
  );
}

/**
 * /ta-useful-resources and /useful-resources-ta (spec/02: a public page whose list needs a token):
 * signed out, a sign-in prompt; signed in, the resources with their date and a download each.
 */
export default function ResourcesPage() {
  const signedIn = isSignedIn(useSession());
  const resources = useResources(signedIn);
  const refused = isApiError(resources.error) && resources.error.status === 403;

  return (
    <>
      <PageTitle
        title={ROUTES.taUsefulResources.title}
        description={signedIn ? 'Guides, templates and forms for technical assessors.' : undefined}
      />
      {!signedIn ? (
        <SignInPrompt />
      ) : refused ? (
        <Alert color="blue" title={RESOURCE_MESSAGES.notForRole} maw={560} />
      ) : resources.isError ? (
        <LoadFailedAlert
          title="The resources could not be loaded."
          error={resources.error}
          onRetry={() => void resources.refetch()}
        />
      ) : (
        <Card>
          <DataTable
            label="Useful resources"
            columns={columns}
            rows={resources.data?.data}
            rowKey={(r) => r.id}
            loading={resources.isLoading}
            empty={<Text c="dimmed">{RESOURCE_MESSAGES.empty}</Text>}
            minWidth={560}
          />
        </Card>
      )}
    </>
  );
}
