import { Anchor, Button, List, Paper, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PATHS } from '../../app/paths.ts';
import { ErrorBanner } from '../../components/error-banner.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { usePendingTicketsPdf } from './api/inbound-documents.ts';

/**
 * The inventory ticket (spec 2 §2 Inventory ticket `/products/inventory_ticket`: 'Send your products to us' with a
 * 'Download ticket' button): how to send stock to the warehouse, and the tickets of every announced inbound in one
 * PDF (`POST /inventory/pending_inventory_pdf`) to put in or on the boxes.
 */
export function InventoryTicketPage(): ReactNode {
  const { t } = useTranslation('inbound');
  const tickets = usePendingTicketsPdf();
  return (
    <Stack gap="md" maw={720}>
      <PageHeader title={t('ticketPage.title')} description={t('ticketPage.intro')} />
      <Paper withBorder p="md" radius="md">
        <List spacing="xs" type="ordered">
          <List.Item>
            {t('ticketPage.step1')}{' '}
            <Anchor component={Link} to={PATHS.preNotify}>
              {t('ticketPage.announce')}
            </Anchor>
          </List.Item>
          <List.Item>{t('ticketPage.step2')}</List.Item>
          <List.Item>{t('ticketPage.step3')}</List.Item>
        </List>
        <Button mt="md" loading={tickets.isPending} onClick={() => tickets.mutate()}>
          {t('ticketPage.download')}
        </Button>
        <Text size="xs" c="dimmed" mt="xs">
          {t('ticketPage.hint')}
        </Text>
      </Paper>
      <ErrorBanner error={tickets.error} />
    </Stack>
  );
}
