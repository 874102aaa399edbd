import { isReturnCondition, type ReturnItem, returnOutcome } from '@hoppa/core';
import { Badge, Paper, Table, Text, Title } from '@mantine/core';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { useOrderReturns } from './api/get-shipments.ts';

/**
 * The returns of an order on its detail (issue 12; spec 2 §4 Returns): per return its number and whether it is
 * closed, per item what the desk received and decided (per part when it judged the pieces apart: '1 Goed · 1
 * Slecht, product beschadigd'), and where the pieces went (back in stock, quarantine, both, or nothing received).
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
                  <Table.Td>{judgement(i, t)}</Table.Td>
                  <Table.Td>
                    {/* The desk decides the action when it judges the line: before that the stored default
                        ('Retour ontvangen') would read as if the pieces had arrived. */}
                    {i.fulfilled_at
                      ? [
                          ...new Set(
                            (i.parts ?? []).length > 0
                              ? i.parts.map((p) => p.return_action)
                              : [i.return_action],
                          ),
                        ]
                          .map((a) => t(`detail.action.${a}`))
                          .join(' · ')
                      : '–'}
                  </Table.Td>
                  <Table.Td>{i.fulfilled_at ? whereTo(i, t) : t('detail.waiting')}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </div>
      ))}
    </Paper>
  );
}

type T = TFunction<'shipments'>;

/** A state as the desk set it: a quick state in the UI language, free text as typed. */
function stateText(state: string | null, t: T): string {
  return isReturnCondition(state) ? t(`detail.state.${state}`) : (state ?? '');
}

/** The desk's judgement of a line: its state, or per judged part its count, state and product damage. */
function judgement(i: ReturnItem, t: T): string {
  const parts = i.parts ?? [];
  if (parts.length === 0) return stateText(i.product_state, t);
  return parts
    .map((p) => {
      const damaged = p.damaged_product || p.damaged_product_package;
      const state = stateText(p.product_state, t) || (damaged ? '' : t('detail.notJudged'));
      return [`${p.quantity} ${state}`.trim(), damaged ? t('detail.damaged') : ''].filter(Boolean).join(', ');
    })
    .join(' · ');
}

/** Where a closed line's pieces went: nothing received, back in stock, quarantine, or both with their counts. */
function whereTo(i: ReturnItem, t: T): string {
  const o = returnOutcome(i);
  if (o.restocked === 0 && o.quarantined === 0) return t('detail.nothingReceived');
  if (o.quarantined === 0) return t('detail.restocked');
  if (o.restocked === 0) return t('detail.quarantined');
  return t('detail.splitOutcome', { restocked: o.restocked, quarantined: o.quarantined });
}
