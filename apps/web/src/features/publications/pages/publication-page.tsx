import { Alert, Box, Button, Card, Center, Loader, Stack } from '@mantine/core';
import { IconAlertCircle, IconBook, IconDownload, IconFileTypePdf } from '@tabler/icons-react';
import { useParams } from 'react-router';
import { ROUTES, servedTypeOf, type PublicationItem } from '@portal/shared';
import { CardHeader } from '../../../components/card-header';
import { DetailCard } from '../../../components/detail-card';
import { LoadFailedAlert } from '../../../components/load-failed-alert';
import { useRecordCrumbs } from '../../../components/page-crumbs';
import { PageTitle } from '../../../components/page-title';
import { RecordNotFound } from '../../../components/record-not-found';
import { isMissingRecord } from '../../../lib/api-client';
import { formatDate } from '../../../lib/dates';
import { idFromPath } from '../../../lib/route-id';
import { usePreviewLink, usePublication, downloadPublication } from '../api';

export const PREVIEW_TITLE = 'Preview';

function fileSize(bytes: number): string {
  if (bytes < 1000) return `${bytes} B`;
  if (bytes < 1_000_000) return `${Math.round(bytes / 1000)} KB`;
  return `${(bytes / 1_000_000).toFixed(1)} MB`;
}

/**
 * The PDF in the browser's own viewer, in a frame of a signed inline link: the server sends it as
 * application/pdf, inline, nosniff and sandboxed by its own CSP (platform/files.ts), so nothing in
 * it runs on the portal's origin.
 */
function PreviewCard({ publication }: { publication: PublicationItem }) {
  const isPdf = servedTypeOf(publication.file_name) === 'application/pdf';
  const link = usePreviewLink(publication.id, isPdf);
  return (
    <Card component="section" aria-label={PREVIEW_TITLE}>
      <CardHeader title={PREVIEW_TITLE} icon={<IconFileTypePdf size={20} />} />
      <Box h={{ base: '60vh', sm: '75vh' }} mih={360}>
        {!isPdf ? (
          <Alert color="blue" icon={<IconAlertCircle size={18} />} title="No preview">
            Only PDF publications are shown here. Download the file to open it.
          </Alert>
        ) : link.isError ? (
          <LoadFailedAlert
            title="The preview could not be loaded."
            error={link.error}
            onRetry={() => void link.refetch()}
          />
        ) : link.data ? (
          <iframe
            src={link.data}
            title={`Preview of ${publication.name}`}
            style={{
              width: '100%',
              height: '100%',
              border: '1px solid var(--mantine-color-default-border)',
              borderRadius: 'var(--mantine-radius-sm)',
            }}
          />
        ) : (
          <Center h="100%">
            <Loader size="sm" aria-label="Loading the preview" />
          </Center>
        )}
      </Box>
    </Card>
  );
}

/** /publications/{id}: the publication's details, its PDF preview and Download. */
export default function PublicationPage() {
  const id = idFromPath(useParams().id);
  const query = usePublication(id);
  const publication = query.data;
  useRecordCrumbs(publication ? { publication: { label: publication.name } } : null);

  if (id === null || (query.isError && isMissingRecord(query.error))) {
    return (
      <RecordNotFound
        title="Publication not found"
        text="This publication does not exist, or has been removed."
        backTo={ROUTES.publications.path}
        backLabel="Back to Publications"
      />
    );
  }
  if (query.isError) {
    return (
      <LoadFailedAlert
        title="The publication could not be loaded."
        error={query.error}
        onRetry={() => void query.refetch()}
      />
    );
  }
  if (!publication) {
    return (
      <Center py="xl">
        <Loader aria-label="Loading the publication" />
      </Center>
    );
  }
  return (
    <>
      <PageTitle
        title={publication.name}
        actions={
          <Button
            leftSection={<IconDownload size={16} aria-hidden />}
            onClick={() => void downloadPublication(publication.id)}
          >
            Download
          </Button>
        }
      />
      <Stack gap="lg">
        <DetailCard
          title="Publication Details"
          icon={<IconBook size={20} />}
          details={[
            { label: 'Name', value: publication.name },
            { label: 'Category', value: `${publication.category.name} › ${publication.subcategory.name}` },
            { label: 'Date Updated', value: formatDate(publication.updated_at) },
            { label: 'File', value: `${publication.file_name} (${fileSize(publication.size)})` },
          ]}
        />
        <PreviewCard publication={publication} />
      </Stack>
    </>
  );
}
