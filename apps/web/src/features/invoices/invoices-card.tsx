import { Table, Text } from '@mantine/core';
import { IconFileInvoice } from '@tabler/icons-react';
import { PAGE_SIZES, ROUTES } from '@portal/shared';
import { DASHBOARD_TABLE_HEAD, DASHBOARD_TABLE_ROW, DashboardCard } from '../../components/dashboard-card';
import { formatDate } from '../../lib/dates';
import { formatMoney } from '../../lib/money';
import { useInvoices } from './api';

export const INVOICES_CARD_TITLE = 'Invoices to be paid';

/** The dashboard's 'Invoices to be paid' card (AR): the first 5 outstanding invoices (spec/01 2.5). */
export function InvoicesCard() {
  const invoices = useInvoices({ transactionDate: null, page: 1, perPage: PAGE_SIZES.dashboard });
  const list = invoices.data?.outstanding.slice(0, PAGE_SIZES.dashboard) ?? [];

  return (
    <DashboardCard
      title={INVOICES_CARD_TITLE}
      icon={<IconFileInvoice size={20} />}
      loading={invoices.isLoading}
      loadingLabel="Loading invoices"
      emptyText={
        list.length > 0
          ? null
          : invoices.isError
            ? 'The invoices could not be loaded.'
            : 'There are no invoices to be paid.'
      }
      rowHeight={DASHBOARD_TABLE_ROW}
      headHeight={DASHBOARD_TABLE_HEAD}
      viewAll={{ to: ROUTES.invoices.path, label: 'View all invoices' }}
    >
      <Table aria-label={INVOICES_CARD_TITLE} verticalSpacing={6} horizontalSpacing="xs" fz="sm">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Invoice ID</Table.Th>
            <Table.Th>Transaction Date</Table.Th>
            <Table.Th ta="right">Amount Due</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {list.map((i) => (
            <Table.Tr key={i.id}>
              <Table.Td>
                <Text size="sm" fw={500}>
                  {i.transaction_number}
                </Text>
                <Text size="xs" c="dimmed" lineClamp={1} title={i.facility.name}>
                  {i.facility.name}
                </Text>
              </Table.Td>
              <Table.Td>{formatDate(i.transaction_date)}</Table.Td>
              <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                {formatMoney(i.amount_due)}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </DashboardCard>
  );
}
