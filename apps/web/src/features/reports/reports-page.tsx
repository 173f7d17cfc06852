import { lazy, Suspense, useState, type FormEvent } from 'react';
import { Button, Card, Checkbox, Group, Loader, NumberInput, Stack, Text, Title } from '@mantine/core';
import { IconBell, IconDownload, IconPlayerPlay } from '@tabler/icons-react';
import { useNavigate, useSearchParams } from 'react-router';
import { ADMIN_COMMS_MESSAGES as M, PAGE_SIZES, REPORT_OPTIONS, ROUTES } from '@portal/shared';
import { DataTable } from '../../components/data-table';
import { orDash } from '../../components/empty-value';
import { LoadFailedAlert } from '../../components/load-failed-alert';
import { PageTitle } from '../../components/page-title';
import { formatDate } from '../../lib/dates';
import { notifyError, notifyFormError } from '../../lib/notify';
import { keepReportRecipients } from '../../lib/report-recipients';
import { downloadReportCsv, useUnusedAssessors } from './api';

// The chart library is loaded with this page's chart only: no other page pays for it.
const UnusedChart = lazy(() => import('./unused-chart'));

const FORM_ID = 'unused-report';

/** The run in the address (?months=&options=), so a reload or Back shows the same report. */
function runOf(search: URLSearchParams) {
  const months = Number(search.get('months'));
  const options = (search.get('options') ?? '')
    .split(',')
    .map(Number)
    .filter((id) => REPORT_OPTIONS.some((o) => o.id === id));
  return Number.isInteger(months) && months > 0 && options.length > 0 ? { months, options } : null;
}

/** /admin/reports: technical assessors unused for N months; table, chart, CSV export and Notify. */
export default function ReportsPage() {
  const [search, setSearch] = useSearchParams();
  const navigate = useNavigate();
  const run = runOf(search);
  const [months, setMonths] = useState<number | string>(run?.months ?? 6);
  const [options, setOptions] = useState<string[]>((run?.options ?? [2]).map(String));
  const [page, setPage] = useState(1);
  const [perPage, setPerPage] = useState<number>(PAGE_SIZES.genericDefault);
  const [exporting, setExporting] = useState(false);
  const report = useUnusedAssessors(run);
  const rows = report.data?.data ?? [];

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const n = Number(months);
    if (!Number.isInteger(n) || n < 1) return notifyFormError(FORM_ID, M.reportMonths);
    if (options.length === 0) return notifyFormError(FORM_ID, M.reportOptions);
    setPage(1);
    setSearch({ months: String(n), options: options.join(',') }, { replace: true });
  };

  const exportCsv = async () => {
    setExporting(true);
    try {
      await downloadReportCsv(run!.months, run!.options);
    } catch (error) {
      notifyError(error);
    } finally {
      setExporting(false);
    }
  };

  const notify = () =>
    navigate(
      ROUTES.adminNotifications.path +
        keepReportRecipients({ userIds: rows.map((r) => r.id), months: run!.months, options: run!.options }),
    );

  return (
    <>
      <PageTitle title={ROUTES.adminReports.title} description="Technical assessors not used for a number of months." />
      <Stack gap="lg">
        <Card withBorder radius="md" p="lg" maw={820}>
          <form id={FORM_ID} noValidate onSubmit={submit}>
            <Group align="flex-end" gap="lg" wrap="wrap">
              <NumberInput
                label="Months"
                min={1}
                max={1200}
                allowDecimal={false}
                w={140}
                value={months}
                onChange={setMonths}
              />
              <Checkbox.Group label="Report options" value={options} onChange={setOptions}>
                <Group mt={8} gap="lg">
                  {REPORT_OPTIONS.map((o) => (
                    <Checkbox key={o.id} value={String(o.id)} label={o.label} />
                  ))}
                </Group>
              </Checkbox.Group>
              <Button type="submit" leftSection={<IconPlayerPlay size={16} />} loading={report.isFetching}>
                Run
              </Button>
            </Group>
          </form>
        </Card>

        {report.isError && (
          <LoadFailedAlert
            title="The report could not be run."
            error={report.error}
            onRetry={() => void report.refetch()}
          />
        )}
        {run && report.data && (
          <>
            <Group justify="space-between" wrap="wrap">
              <Title order={2} size="h4">
                {rows.length} {rows.length === 1 ? 'assessor' : 'assessors'} unused for {run.months}{' '}
                {run.months === 1 ? 'month' : 'months'}
              </Title>
              <Group gap="sm">
                <Button
                  variant="default"
                  leftSection={<IconDownload size={16} />}
                  onClick={() => void exportCsv()}
                  loading={exporting}
                  disabled={rows.length === 0}
                >
                  Export
                </Button>
                <Button leftSection={<IconBell size={16} />} onClick={notify} disabled={rows.length === 0}>
                  Notify
                </Button>
              </Group>
            </Group>
            {rows.length > 0 && (
              <Card withBorder radius="md" p="lg">
                <Text fw={600} size="sm" mb="sm">
                  Assessors by months since last use
                </Text>
                <Suspense fallback={<Loader size="sm" aria-label="Loading the chart" />}>
                  <UnusedChart rows={rows} />
                </Suspense>
              </Card>
            )}
            <DataTable
              label="Unused Technical Assessors"
              rows={rows.slice((page - 1) * perPage, page * perPage)}
              rowKey={(r) => r.id}
              stale={report.isPlaceholderData}
              empty="No assessors match the report."
              paging={{
                page,
                perPage,
                total: rows.length,
                onPageChange: setPage,
                onPerPageChange: (n) => {
                  setPerPage(n);
                  setPage(1);
                },
              }}
              columns={[
                { title: 'Name', render: (r) => r.name },
                { title: 'Email', render: (r) => r.email },
                { title: 'Last Used', render: (r) => (r.last_used ? formatDate(r.last_used) : orDash(null)) },
                {
                  title: 'Profile Reviewed',
                  render: (r) => (r.reviewed_at ? formatDate(r.reviewed_at) : orDash(null)),
                },
              ]}
            />
          </>
        )}
      </Stack>
    </>
  );
}
