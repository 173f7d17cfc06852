import { useState } from 'react';
import { Anchor, Card, Tabs, Text } from '@mantine/core';
import { Link } from 'react-router';
import { PAGE_SIZES, pathTo, ROUTES, type Invoice, type InvoiceStatus } from '@portal/shared';
import { DataTable, type DataColumn } from '../../components/data-table';
import { DateFilter } from '../../components/date-filter';
import { PageTitle } from '../../components/page-title';
import { formatDate } from '../../lib/dates';
import { formatMoney } from '../../lib/money';
import { useInvoices } from './api';
import { FilterBar } from '../../components/filter-bar';

/** The columns of spec/01 2.8: invoice id, type, Transaction Date, facility, job number and amount due. */
export const invoiceColumns: DataColumn<Invoice>[] = [
  { title: 'Invoice ID', render: (i) => <Text size="sm" fw={500} style={{ whiteSpace: 'nowrap' }}>{i.transaction_number}</Text> },
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
  const [tab, setTab] = useState<InvoiceStatus>('outstanding');
  const [date, setDate] = useState<string | null>(null);
  const [pages, setPages] = useState<Record<InvoiceStatus, number>>({ outstanding: 1, paid: 1 });
  const [perPage, setPerPage] = useState<number>(PAGE_SIZES.genericDefault);
  const invoices = useInvoices({ transactionDate: date, page: pages[tab], perPage });
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
        <Tabs value={tab} onChange={(value) => value && setTab(value as InvoiceStatus)} keepMounted={false}>
          <FilterBar
            active={date !== null}
            onClear={() => {
              setDate(null);
              setPages({ outstanding: 1, paid: 1 });
            }}
          >
            <DateFilter
              label="Transaction date"
              value={date}
              onChange={(value) => {
                setDate(value);
                setPages({ outstanding: 1, paid: 1 });
              }}
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
                paging={
                  data && {
                    page: pages[t.value],
                    perPage,
                    total: data.total[t.value],
                    onPageChange: (page) => setPages((p) => ({ ...p, [t.value]: page })),
                    onPerPageChange: (n) => {
                      setPerPage(n);
                      setPages({ outstanding: 1, paid: 1 });
                    },
                  }
                }
              />
            </Tabs.Panel>
          ))}
        </Tabs>
      </Card>
    </>
  );
}
