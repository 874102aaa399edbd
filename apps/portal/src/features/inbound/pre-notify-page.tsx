import { Anchor, Button, Group, Paper, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PATHS } from '../../app/paths.ts';
import { Icon, type IconName } from '../../components/icons.tsx';
import { PageHeader } from '../../components/page-header.tsx';

/**
 * Choose how to announce stock (/pre_notify; spec 2 §2 Inbound announcement): the four-step wizard or a
 * spreadsheet, each explained in a sentence, and a link to the inbounds already announced.
 */
export function PreNotifyPage(): ReactNode {
  const { t } = useTranslation('inbound');
  return (
    <Stack gap="md">
      <PageHeader
        title={t('preNotify.title')}
        description={t('preNotify.intro')}
        actions={
          <Group gap="md">
            <Anchor component={Link} to={PATHS.inventoryTicket} size="sm">
              {t('ticketPage.title')}
            </Anchor>
            <Anchor component={Link} to={PATHS.checkinInventory} size="sm">
              {t('preNotify.list')}
            </Anchor>
          </Group>
        }
      />
      <Title order={2} fz="lg">
        {t('preNotify.choose')}
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
        <Choice
          icon="announce"
          title={t('preNotify.wizardTitle')}
          body={t('preNotify.wizardBody')}
          to={PATHS.addInventory}
          button={t('preNotify.wizardButton')}
        />
        <Choice
          icon="columns"
          title={t('preNotify.excelTitle')}
          body={t('preNotify.excelBody')}
          to={PATHS.addInventoryExcel}
          button={t('preNotify.excelButton')}
        />
      </SimpleGrid>
    </Stack>
  );
}

function Choice(props: { icon: IconName; title: string; body: string; to: string; button: string }) {
  return (
    <Paper withBorder radius="md" p="lg">
      <Stack gap="sm" h="100%" justify="space-between">
        <Stack gap="xs">
          <ThemeIcon size={44} radius="md" variant="light">
            <Icon name={props.icon} size={24} />
          </ThemeIcon>
          <Title order={3} fz="md">
            {props.title}
          </Title>
          <Text size="sm" c="dimmed">
            {props.body}
          </Text>
        </Stack>
        <Button component={Link} to={props.to} variant="light" style={{ alignSelf: 'flex-start' }}>
          {props.button}
        </Button>
      </Stack>
    </Paper>
  );
}
