import { Anchor, Box, Center, Paper, Stack, Text, Title } from '@mantine/core';
import { type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PATHS } from '../../app/paths.ts';
import { Brand } from '../../components/brand.tsx';

/**
 * Frame of the public screens (login, sign-up, reset): the brand above a card with the title, an
 * intro line, the form and a footer line with links. The card fills a phone's width and stays
 * narrow on a desktop.
 */
export function AuthLayout({
  title,
  intro,
  children,
  footer,
}: {
  title: string;
  intro?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
}): ReactNode {
  const { t } = useTranslation('auth');
  useEffect(() => {
    document.title = `${title} · Hoppa`;
  }, [title]);
  return (
    <Box mih="100dvh" bg="gray.0" py={{ base: 'lg', sm: 64 }} px="md" component="main">
      <Center>
        <Stack w="100%" maw={440} gap="lg">
          <Stack gap={6} align="center">
            <Anchor component={Link} to={PATHS.login} underline="never" aria-label="Hoppa">
              <Brand size={34} />
            </Anchor>
            <Text c="dimmed" size="sm">
              {t('tagline')}
            </Text>
          </Stack>
          <Paper withBorder shadow="xs" radius="md" p={{ base: 'lg', sm: 'xl' }}>
            <Stack gap="xs" mb="lg">
              <Title order={1} fz={24} fw={650}>
                {title}
              </Title>
              {intro ? (
                <Text c="dimmed" size="sm">
                  {intro}
                </Text>
              ) : null}
            </Stack>
            {children}
          </Paper>
          {footer ? (
            <Text ta="center" size="sm" c="dimmed">
              {footer}
            </Text>
          ) : null}
        </Stack>
      </Center>
    </Box>
  );
}
