import {
  Button,
  Center,
  Image,
  Loader,
  Paper,
  PasswordInput,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { asset } from '../../app/api.ts';
import { useSession } from '../../app/session.tsx';
import { useOnline } from '../../app/sync.ts';
import { ErrorBanner } from '../../components/error-banner.tsx';

/**
 * Login (spec 2 §2, §5): email and password are required; Enter in either field submits (it is a
 * form). While the call runs a loader shows; a failure replaces it with the red banner of the error
 * contract. On success the routing guard moves on.
 */
export function LoginScreen() {
  const { t } = useTranslation('login');
  const { login } = useSession();
  const online = useOnline();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [touched, setTouched] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);

  async function submit(e: FormEvent) {
    e.preventDefault();
    setTouched(true);
    if (!email.trim() || !password) return;
    setBusy(true);
    setError(null);
    try {
      await login({ email: email.trim(), password });
    } catch (err) {
      setError(err);
      setBusy(false);
    }
  }

  return (
    <Center mih="100dvh" p="md" className="login-screen">
      <Paper w="100%" maw={420} p="lg" radius="md" withBorder>
        <form onSubmit={submit} noValidate>
          <Stack gap="md">
            <Stack gap={4} align="center">
              <Image src={asset('icons/icon-192.png')} alt="" w={72} h={72} />
              <Title order={1} size="h2">
                {t('title')}
              </Title>
              <Text c="dimmed">{t('subtitle')}</Text>
            </Stack>
            <TextInput
              label={t('email')}
              type="email"
              name="email"
              autoComplete="username"
              inputMode="email"
              size="lg"
              value={email}
              onChange={(e) => setEmail(e.currentTarget.value)}
              error={touched && !email.trim() ? t('required') : undefined}
              autoFocus
            />
            <PasswordInput
              label={t('password')}
              name="password"
              autoComplete="current-password"
              size="lg"
              value={password}
              onChange={(e) => setPassword(e.currentTarget.value)}
              error={touched && !password ? t('required') : undefined}
              visibilityToggleButtonProps={{ 'aria-label': t('showPassword') }}
            />
            <Button type="submit" size="xl" disabled={busy}>
              {t('submit')}
            </Button>
            {!online ? <Text c="orange.9">{t('offline')}</Text> : null}
            <div className="request-status">
              {busy ? <Loader aria-label="…" /> : error ? <ErrorBanner error={error} /> : null}
            </div>
          </Stack>
        </form>
      </Paper>
    </Center>
  );
}
