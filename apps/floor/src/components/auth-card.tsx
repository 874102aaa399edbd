import { Anchor, Center, Image, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { asset } from '../app/api.ts';

/**
 * The frame of the login, sign-up and reset screens: the app icon, a title and a line of text in a
 * bordered card, then the screen's form, then links to the other account screens.
 */
export function AuthCard({
  title,
  subtitle,
  children,
  links,
}: {
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
  links?: ReactNode;
}) {
  return (
    <Center mih="100dvh" p="md" className="login-screen">
      <Paper w="100%" maw={420} p="lg" radius="md" withBorder>
        <Stack gap="md">
          <Stack gap={4} align="center">
            <Image src={asset('icons/icon-192.png')} alt="" w={72} h={72} />
            <Title order={1} size="h2" ta="center">
              {title}
            </Title>
            {subtitle ? (
              <Text c="dimmed" ta="center">
                {subtitle}
              </Text>
            ) : null}
          </Stack>
          {children}
          {links ? <nav className="auth-links">{links}</nav> : null}
        </Stack>
      </Paper>
    </Center>
  );
}

/** A link to another account screen, large enough to hit with a gloved thumb. */
export function AuthLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Anchor component={Link} to={to} className="auth-link">
      {children}
    </Anchor>
  );
}
