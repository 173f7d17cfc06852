import { useEffect } from 'react';
import { Anchor, Button, Card, Center, Loader, SimpleGrid, Stack } from '@mantine/core';
import { IconBuildingFactory2, IconClipboardText, IconUserStar } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { ROUTES, type JobDetail } from '@portal/shared';
import { DetailCard, emailLink } from '../../components/detail-card';
import { JobStatusBadge } from '../../components/job-status-badge';
import { LoadFailedAlert } from '../../components/load-failed-alert';
import { useRecordCrumbs } from '../../components/page-crumbs';
import { PageTitle } from '../../components/page-title';
import { RecordNotFound } from '../../components/record-not-found';
import { isApiError, isMissingRecord } from '../../lib/api-client';
import { notifyError } from '../../lib/notify';
import { formatDate } from '../../lib/dates';
import { idFromPath } from '../../lib/route-id';
import { useSession } from '../../lib/session';
import { DocumentsPanel, type DocumentTab } from '../../components/documents/documents-panel';
import { jobDocumentsKey, uploadJobDocument, useJob, useJobDocuments, useReviewJobDocument } from './api';
import { JobStages } from './job-stages';

export const JOB_TABS = { received: 'Received Job Documents', submitted: 'Submitted Job Documents' } as const;

function joinAddress(...parts: (string | null | undefined)[]): string {
  return parts.filter(Boolean).join(', ');
}

function JobCards({ job }: { job: JobDetail }) {
  const site = job.site;
  const lead = job.lead_assessor;
  return (
    <SimpleGrid cols={{ base: 1, md: 3 }} spacing="lg">
      <DetailCard
        title="Job Details"
        icon={<IconClipboardText size={20} />}
        details={[
          { label: 'Job number', value: job.job_number },
          { label: 'Type', value: job.type },
          { label: 'Visit date', value: formatDate(job.visit_date) },
          { label: 'Stage', value: job.stage },
          { label: 'Facility', value: `${job.facility.name} (${job.facility.facility_number})` },
          { label: 'Details', value: job.job_details },
        ]}
      />
      <DetailCard
        title="Site Details"
        icon={<IconBuildingFactory2 size={20} />}
        details={[
          {
            label: 'Site',
            value: job.abilities['sites.site.view'] ? (
              <Anchor component={Link} to={`/site/${site.id}`} size="sm">
                {site.name}
              </Anchor>
            ) : (
              site.name
            ),
          },
          { label: 'Site number', value: site.site_number },
          {
            label: 'Address',
            value: joinAddress(site.address, site.suburb, [site.state, site.post_code].filter(Boolean).join(' ')),
          },
          { label: 'Email', value: emailLink(site.email) },
          { label: 'Phone', value: site.phone },
        ]}
      />
      <DetailCard
        title="Lead Assessor"
        icon={<IconUserStar size={20} />}
        details={
          lead
            ? [
                { label: 'Name', value: `${lead.first_name} ${lead.last_name}` },
                { label: 'Phone', value: lead.phone },
                { label: 'Email', value: emailLink(lead.email) },
              ]
            : [{ label: 'Name', value: 'No lead assessor has been assigned yet.' }]
        }
      />
    </SimpleGrid>
  );
}

/** /job/{id}: the job, its stage, its cards and its documents (spec/01 2.6, section 4). */
export default function JobPage() {
  const params = useParams();
  const jobId = idFromPath(params.id);
  const { currentRole } = useSession();
  const queryClient = useQueryClient();
  const job = useJob(jobId, currentRole);
  useRecordCrumbs(job.data ? { job: { label: `Job ${job.data.job_number}` } } : null);
  const docs = useJobDocuments(jobId, currentRole, job.isSuccess);
  const review = useReviewJobDocument(jobId ?? 0);

  // spec/01 8: a failure to load the documents clears the job details and shows an error for 5 s.
  const docsFailedAt = docs.isError ? docs.errorUpdatedAt : 0;
  useEffect(() => {
    if (!docsFailedAt || (isApiError(docs.error) && docs.error.status === 401)) return;
    notifyError(docs.error, undefined, 5000);
  }, [docsFailedAt, docs.error]);

  if (jobId === null || isMissingRecord(job.error)) {
    return (
      <RecordNotFound
        title="Job not found"
        text="This job does not exist, or it is not one of yours."
        backTo={ROUTES.jobs.path}
        backLabel="Back to jobs"
      />
    );
  }
  if (job.isError) {
    return <LoadFailedAlert title="The job could not be loaded" error={job.error} onRetry={() => void job.refetch()} />;
  }
  if (!job.data) {
    return (
      <Center p="xl">
        <Loader aria-label="Loading the job" />
      </Center>
    );
  }

  const data = job.data;
  // What the buttons and columns show is the server's word on this job, in this view (abilities).
  const can = data.abilities;
  const canReview = can['jobs.document.review'];
  const tabs: DocumentTab[] = [
    {
      value: 'received',
      label: JOB_TABS.received,
      documents: docs.data?.received ?? [],
      total: docs.data?.total.received,
      // An assessor view reviews what it received; the facility view reads its descriptions.
      columns: { description: !canReview, review: canReview },
      canReview,
    },
    {
      value: 'submitted',
      label: JOB_TABS.submitted,
      documents: docs.data?.submitted ?? [],
      total: docs.data?.total.submitted,
      columns: { description: true, review: false },
    },
  ];

  return (
    <>
      <PageTitle
        title={`Job ${data.job_number}`}
        badge={<JobStatusBadge status={data.status} label={data.status_label} />}
        description={`${data.site.name} · ${data.facility.name}`}
        actions={
          <Button component={Link} to={ROUTES.jobs.path} variant="default">
            All jobs
          </Button>
        }
      />
      <Stack gap="lg">
        <JobStages stage={data.stage} />

        {docs.isError ? (
          <LoadFailedAlert
            title="The documents of this job could not be loaded"
            error={docs.error}
            onRetry={() => void docs.refetch()}
          />
        ) : (
          <>
            <JobCards job={data} />
            <Card component="section" aria-label="Job documents">
              <DocumentsPanel
                tabs={tabs}
                loading={docs.isPending}
                basePath="/jobdocuments"
                upload={
                  currentRole && can['jobs.document.upload']
                    ? {
                        send: (file, description, options) =>
                          uploadJobDocument({ jobId: data.id, role: currentRole }, file, description, options),
                        onUploaded: () => void queryClient.invalidateQueries({ queryKey: jobDocumentsKey(data.id) }),
                      }
                    : undefined
                }
                review={
                  canReview
                    ? { submit: (doc, comment) => review.mutateAsync({ id: doc.id, reviewed_comment: comment }) }
                    : undefined
                }
              />
            </Card>
          </>
        )}
      </Stack>
    </>
  );
}
