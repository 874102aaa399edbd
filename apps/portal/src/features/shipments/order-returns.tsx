import { isReturnCondition } from '@hoppa/core';
import { Badge, Paper, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useOrderReturns } from './api/get-shipments.ts';

/**
 * The returns of an order on its detail (issue 12; spec 2 §4 Returns): per return its number and whether it is
 * closed, per item what the desk received and decided, and where the pieces went (back in stock or quarantine).
 * Nothing when the order has no return.
 */
export function OrderReturns({ orderNumber }: { orderNumber: string }) {
  const { t } = useTranslation('shipments');
  const returns = useOrderReturns(orderNumber);
  if (!returns.data || returns.data.length === 0) return null;
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-label={t('detail.returns')}>
      <Title order={2} fz="md" mb="xs">
        {t('detail.returns')}
      </Title>
      {returns.data.map((r) => (
        <div key={r.id}>
          <Text fw={700}>
            {r.return_number}{' '}
            <Badge color={r.closed_at ? 'green' : 'blue'} variant="light">
              {r.closed_at ? t('detail.returnClosed') : t('detail.returnOpen')}
            </Badge>
          </Text>
          <Table verticalSpacing={4}>
            <Table.Tbody>
              {r.items.map((i) => (
                <Table.Tr key={i.id} aria-label={i.title}>
                  <Table.Td>{i.title}</Table.Td>
                  <Table.Td ta="right">
                    {i.received_quantity ?? '–'} / {i.expected_quantity}
                  </Table.Td>
                  <Table.Td>
                    {isReturnCondition(i.product_state)
                      ? t(`detail.state.${i.product_state}`)
                      : (i.product_state ?? '')}
                  </Table.Td>
                  <Table.Td>{t(`detail.action.${i.return_action}`)}</Table.Td>
                  <Table.Td>
                    {i.fulfilled_at
                      ? i.quarantined
                        ? t('detail.quarantined')
                        : t('detail.restocked')
                      : t('detail.waiting')}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </div>
      ))}
    </Paper>
  );
}
