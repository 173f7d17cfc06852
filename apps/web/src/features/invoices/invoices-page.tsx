import { Anchor, Card, Tabs, Text } from '@mantine/core';
import { Link } from 'react-router';
import { PAGE_SIZES, pathTo, ROUTES, type Invoice, type InvoiceStatus } from '@portal/shared';
import { DataTable, type DataColumn } from '../../components/data-table';
import { DateFilter } from '../../components/date-filter';
import { PageTitle } from '../../components/page-title';
import { formatDate } from '../../lib/dates';
import { useListParams } from '../../lib/list-params';
import { isoDate } from '../../lib/search-params';
import { formatMoney } from '../../lib/money';
import { useInvoices } from './api';
import { FilterBar } from '../../components/filter-bar';

/** The columns of spec/01 2.8: invoice id, type, Transaction Date, facility, job number and amount due. */
export const invoiceColumns: DataColumn<Invoice>[] = [
  {
    title: 'Invoice ID',
    render: (i) => (
      <Text size="sm" fw={500} style={{ whiteSpace: 'nowrap' }}>
        {i.transaction_number}
      </Text>
    ),
  },
  { title: 'Type', render: (i) => i.transaction_type },
  { title: 'Transaction Date', render: (i) => formatDate(i.transaction_date) },
  {
    title: 'Facility',
    render: (i) => (
      <Anchor component={Link} to={pathTo('facility', { id: i.facility.id })} size="sm">
        {i.facility.name}
      </Anchor>
    ),
  },
  {
    title: 'Job Number',
    // The server links the job only when this user may see it (job_id), else the number stays text.
    render: (i) =>
      i.job_id !== null ? (
        <Anchor component={Link} to={pathTo('job', { id: i.job_id })} size="sm">
          {i.job_number}
        </Anchor>
      ) : (
        i.job_number
      ),
  },
  { title: 'Amount Due', numeric: true, render: (i) => formatMoney(i.amount_due) },
];

/** A paid invoice has nothing due: its tab shows the amount that was paid (docs/DECISIONS.md). */
export const paidInvoiceColumns: DataColumn<Invoice>[] = [
  ...invoiceColumns.slice(0, -1),
  { title: 'Amount', numeric: true, render: (i) => formatMoney(i.amount) },
];

const TABS: { value: InvoiceStatus; label: string; none: string }[] = [
  { value: 'outstanding', label: 'Outstanding', none: 'outstanding' },
  { value: 'paid', label: 'Paid', none: 'paid' },
];

/** /invoices (AR): the outstanding invoices (and the paid ones, at $0 due), filtered by a d/m/y transaction date. */
export default function InvoicesPage() {
  const list = useListParams({ perPage: PAGE_SIZES.genericDefault });
  // The page is the open tab's: another tab starts at its first page.
  const tab: InvoiceStatus = list.filter('tab') === 'paid' ? 'paid' : 'outstanding';
  const date = isoDate(list.filter('date')) ?? null;
  const invoices = useInvoices({ transactionDate: date, page: list.page, perPage: list.perPage });
  const data = invoices.data;

  const emptyText = (none: string) =>
    invoices.isError
      ? 'The invoices could not be loaded.'
      : date
        ? `There are no ${none} invoices dated ${formatDate(date)}.`
        : `There are no ${none} invoices.`;

  return (
    <>
      <PageTitle title={ROUTES.invoices.title} description="Invoices of the facilities you represent." />
      <Card p={{ base: 'xs', sm: 'md' }}>
        <Tabs
          value={tab}
          onChange={(value) => value && list.set({ tab: value === 'paid' ? value : null })}
          keepMounted={false}
        >
          <FilterBar active={date !== null} onClear={() => list.set({ date: null })}>
            <DateFilter
              label="Transaction date"
              value={date}
              onChange={(value) => list.set({ date: value })}
              w={{ base: '100%', xs: 200 }}
            />
          </FilterBar>
          <Tabs.List mb="sm">
            {TABS.map((t) => (
              <Tabs.Tab key={t.value} value={t.value}>
                {t.label}
                {data && (
                  <Text span size="xs" c="dimmed" ml={6}>
                    {data.total[t.value]}
                  </Text>
                )}
              </Tabs.Tab>
            ))}
          </Tabs.List>
          {TABS.map((t) => (
            <Tabs.Panel key={t.value} value={t.value}>
              <DataTable
                label={`${t.label} invoices`}
                columns={t.value === 'paid' ? paidInvoiceColumns : invoiceColumns}
                rows={data?.[t.value]}
                rowKey={(i) => i.id}
                loading={invoices.isLoading}
                stale={invoices.isPlaceholderData}
                empty={emptyText(t.none)}
                minWidth={760}
                paging={data && list.paging(data.total[t.value])}
              />
            </Tabs.Panel>
          ))}
        </Tabs>
      </Card>
    </>
  );
}
