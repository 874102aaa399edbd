import { calendarItemOf } from '@hoppa/core';
import {
  Alert,
  Anchor,
  Button,
  CopyButton,
  Group,
  Modal,
  Paper,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { pathTo } from '../../app/paths.ts';
import { ErrorBanner, MutationError, PageLoader } from '../../components/error-banner.tsx';
import { Icon } from '../../components/icons.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { useCalendarItems, useCreateCalendarLink, useOwnCalendar } from './api/calendar.ts';
import type { CalendarInbound } from './calendar.rules.ts';
import { EventDetails } from './event-details.tsx';
import { type CalendarRange, InboundCalendar } from './inbound-calendar.tsx';

/** The absolute address of the public calendar for `token` on this portal. */
export function calendarLinkUrl(token: string, origin = window.location.origin): string {
  return `${origin}${pathTo('inboundsReportToken', { token })}`;
}

/**
 * The share card (spec 2 §2 /inbounds-report; docs/security.md "Inbound calendar"): says what the public link
 * exposes, makes a secret link (`POST /inbound/calendar_link`) and shows it once with a copy button; a new link
 * (after a confirmation) switches the old one off.
 */
export function ShareCalendarCard(): ReactNode {
  const { t } = useTranslation('inboundCalendar');
  const create = useCreateCalendarLink();
  const [confirm, setConfirm] = useState(false);
  const link = create.data ? calendarLinkUrl(create.data.token) : null;

  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="share-calendar-title">
      <Stack gap="sm">
        <Title order={2} fz="lg" fw={650} id="share-calendar-title">
          {t('share.title')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('share.text')}
        </Text>
        {link ? (
          <Stack gap="xs">
            <Group gap="xs" align="flex-end" wrap="nowrap">
              <TextInput
                label={t('share.linkLabel')}
                value={link}
                readOnly
                onFocus={(e) => e.currentTarget.select()}
                style={{ flex: 1, minWidth: 0 }}
                styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)', fontSize: 13 } }}
                data-testid="calendar-link"
              />
              <CopyButton value={link}>
                {({ copied, copy }) => (
                  <Button
                    onClick={copy}
                    color={copied ? 'teal' : 'brand'}
                    leftSection={<Icon name={copied ? 'check' : 'announce'} size={16} />}
                  >
                    {copied ? t('share.copied') : t('share.copy')}
                  </Button>
                )}
              </CopyButton>
            </Group>
            <Alert color="yellow" variant="light" p="xs">
              <Text size="sm">{t('share.once')}</Text>
            </Alert>
            <Group justify="space-between">
              <Anchor href={link} target="_blank" rel="noreferrer" size="sm">
                {t('share.open')}
              </Anchor>
              <Button variant="subtle" size="compact-sm" onClick={() => setConfirm(true)}>
                {t('share.renew')}
              </Button>
            </Group>
            <Text size="xs" c="dimmed">
              {t('share.loggedIn')}
            </Text>
          </Stack>
        ) : (
          <Group>
            <Button onClick={() => create.mutate()} loading={create.isPending}>
              {t('share.create')}
            </Button>
          </Group>
        )}
        <MutationError mutation={create} />
      </Stack>
      <Modal opened={confirm} onClose={() => setConfirm(false)} title={t('share.renew')} centered>
        <Stack>
          <Text size="sm">{t('share.confirmRenew')}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirm(false)}>
              {t('event.close')}
            </Button>
            <Button
              color="red"
              onClick={() => {
                setConfirm(false);
                create.mutate();
              }}
            >
              {t('share.renew')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Paper>
  );
}

/**
 * The merchant's own inbound calendar `/inbound/calendar` (spec 2 §2 Inbound calendar, logged in): their inbounds
 * (`GET /inbounds`) in the same calendar as the public page, and the card that makes the secret link to share it.
 */
export function OwnCalendarPage(): ReactNode {
  const { t } = useTranslation('inboundCalendar');
  const [range, setRange] = useState<CalendarRange | null>(null);
  const q = useOwnCalendar(range);
  return (
    <Stack gap="lg">
      <PageHeader title={t('title')} description={t('ownIntro')} />
      <ShareCalendarCard />
      {q.isError ? <ErrorBanner error={q.error} /> : null}
      <InboundCalendar
        events={q.events}
        loading={q.isFetching}
        onRange={setRange}
        details={(ev) => <OwnEventDetails inbound={ev} />}
      />
    </Stack>
  );
}

/**
 * An opened event of the own calendar: its details with the items read now (`GET /inbound_item/inbound/{id}`; the own
 * list carries a summary), a loader meanwhile, the error if they cannot be read.
 */
function OwnEventDetails({ inbound }: { inbound: CalendarInbound }): ReactNode {
  const q = useCalendarItems(inbound.id);
  if (q.isError) return <ErrorBanner error={q.error} />;
  if (q.isPending) return <PageLoader />;
  return <EventDetails inbound={{ ...inbound, items: q.data.items.map(calendarItemOf) }} />;
}
