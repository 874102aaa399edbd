import { ApiError } from '@hoppa/core';
import { Alert, Box, Container, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { BrandMark } from '../../components/brand.tsx';
import { ErrorBanner, PageLoader } from '../../components/error-banner.tsx';
import { Icon } from '../../components/icons.tsx';
import { usePublicCalendar, usePublicEventItems } from './api/calendar.ts';
import type { CalendarInbound } from './calendar.rules.ts';
import { EventDetails } from './event-details.tsx';
import { type CalendarRange, InboundCalendar } from './inbound-calendar.tsx';

/** The frame of the public calendar: the brand, the title and intro, the content, without the portal's menu. */
function PublicFrame({ children }: { children: ReactNode }): ReactNode {
  const { t } = useTranslation('inboundCalendar');
  useEffect(() => {
    document.title = `${t('title')} · Hoppa`;
  }, [t]);
  return (
    <Box mih="100dvh" bg="gray.0" component="main" py={{ base: 'md', sm: 'xl' }}>
      <Container size={1280} px={{ base: 'sm', sm: 'lg' }}>
        <Stack gap="lg">
          <Group gap="sm" wrap="nowrap" align="center">
            <BrandMark size={36} />
            <Stack gap={2}>
              <Title order={1} fz={{ base: 22, sm: 26 }} fw={650} lh={1.2}>
                {t('title')}
              </Title>
              <Text c="dimmed" size="sm">
                {t('publicIntro')}
              </Text>
            </Stack>
          </Group>
          <Paper withBorder radius="md" p={{ base: 'sm', sm: 'lg' }} shadow="xs">
            {children}
          </Paper>
        </Stack>
      </Container>
    </Box>
  );
}

/**
 * The public inbound calendar `/inbounds-report/:token` (spec 2 §2 Inbound calendar, route table: public, no
 * session): the inbounds of the organisation whose secret link this is (`GET /inbounds-report/{token}`), in the
 * week, day, month, year and years views. An unknown or replaced link says so (404).
 */
export function PublicCalendarPage(): ReactNode {
  const { token = '' } = useParams();
  const { t } = useTranslation('inboundCalendar');
  const [range, setRange] = useState<CalendarRange | null>(null);
  const q = usePublicCalendar(token, range);
  const unknown =
    (q.error instanceof ApiError && (q.error.status === 404 || q.error.status === 400)) ||
    !/^[A-Za-z0-9_-]{20,100}$/.test(token);

  return (
    <PublicFrame>
      {unknown ? (
        <NoCalendar />
      ) : (
        <Stack gap="sm">
          {q.isError ? <ErrorBanner error={q.error} /> : null}
          <InboundCalendar
            events={q.data?.items ?? []}
            loading={q.isFetching}
            onRange={setRange}
            details={(ev) => <PublicEventDetails token={token} inbound={ev} />}
          />
        </Stack>
      )}
      {unknown ? null : (
        <Text size="xs" c="dimmed" mt="md">
          {t('share.text')}
        </Text>
      )}
    </PublicFrame>
  );
}

/**
 * An opened event of the public calendar: its details with the items read now (`GET /inbounds-report/{token}/{id}`;
 * the calendar's events are summaries), a loader meanwhile, the error if they cannot be read.
 */
function PublicEventDetails({ token, inbound }: { token: string; inbound: CalendarInbound }): ReactNode {
  const q = usePublicEventItems(token, inbound.id);
  if (q.isError) return <ErrorBanner error={q.error} />;
  if (q.isPending) return <PageLoader />;
  return <EventDetails inbound={{ ...inbound, items: q.data.items }} />;
}

function NoCalendar(): ReactNode {
  const { t } = useTranslation('inboundCalendar');
  return (
    <Alert color="orange" variant="light" icon={<Icon name="alert" />} title={t('notFound.title')}>
      {t('notFound.text')}
    </Alert>
  );
}

/** `/inbounds-report` without a token: the calendar needs the shop's secret link. */
export function CalendarLinkMissingPage(): ReactNode {
  return (
    <PublicFrame>
      <NoCalendar />
    </PublicFrame>
  );
}
