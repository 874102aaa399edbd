/**
 * Pages for the places no feature answers: `NotFoundPage` (an unknown path), `NotAllowedPage` (a screen the user's
 * role may not use), `PlannedPage` (a
 * navigation target of the spec whose screen belongs to a later release; it says so plainly instead
 * of pretending) and `CrashPage` (the router's error element when a screen throws while rendering).
 */
import { Alert, Anchor, Box, Button, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useRouteError } from 'react-router';
import { Icon } from '../components/icons.tsx';
import { PageHeader } from '../components/page-header.tsx';
import { PATHS } from './paths.ts';

export function NotFoundPage(): ReactNode {
  const { t } = useTranslation('common');
  return (
    <Box>
      <PageHeader title={t('notFound.title')} />
      <Text mb="md">{t('notFound.body')}</Text>
      <Anchor component={Link} to={PATHS.home}>
        {t('actions.toHome')}
      </Anchor>
    </Box>
  );
}

/**
 * A screen the user's role may not use (its menu entry is not offered to them), opened by a typed or bookmarked
 * address: says so instead of showing a screen whose calls would all answer 403.
 */
export function NotAllowedPage(): ReactNode {
  const { t } = useTranslation('common');
  return (
    <Box maw={640}>
      <PageHeader title={t('notAllowed.title')} />
      <Alert color="gray" variant="light" icon={<Icon name="alert" />} mb="md">
        {t('notAllowed.body')}
      </Alert>
      <Anchor component={Link} to={PATHS.home}>
        {t('actions.toHome')}
      </Anchor>
    </Box>
  );
}

export function PlannedPage(): ReactNode {
  const { t } = useTranslation('common');
  const { pathname } = useLocation();
  return (
    <Box maw={640}>
      <PageHeader title={t('planned.title')} />
      <Alert color="gray" variant="light" icon={<Icon name="clock" />} mb="md">
        {t('planned.body', { path: pathname })}
      </Alert>
      <Anchor component={Link} to={PATHS.home}>
        {t('actions.toHome')}
      </Anchor>
    </Box>
  );
}

export function CrashPage(): ReactNode {
  const { t } = useTranslation('common');
  const error = useRouteError();
  // The error is logged for whoever reads the console; the user gets the contract's text.
  console.error(error);
  return (
    <Box p="xl" maw={640} mx="auto">
      <Stack gap="md">
        <Title order={1} fz={24}>
          {t('crash.title')}
        </Title>
        <Alert color="red" variant="light" role="alert" icon={<Icon name="alert" />}>
          {t('crash.body')}
        </Alert>
        <Box>
          <Button variant="default" onClick={() => window.location.reload()}>
            {t('crash.reload')}
          </Button>
        </Box>
      </Stack>
    </Box>
  );
}
