import { canCall } from '@hoppa/core';
import { Button, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { StatusBar } from '../components/status-bar.tsx';
import { usePendingCount } from './outbox-status.ts';
import { useCurrentUser, useSession } from './session.tsx';
import { TASKS } from './tasks.ts';

/** The tasks' menu tiles in order (spec 2 §6: elements show only when the role allows the call). */
const TILES = TASKS.flatMap((task) => (task.menu ? [task.menu] : [])).sort((a, b) => a.order - b.order);

/**
 * The floor's task menu: one large tile per task the role may do, and logging out, which waits until the outbox was
 * read and is empty (logging out while changes wait would strand them).
 */
export function MenuScreen() {
  const { t } = useTranslation('menu');
  const { t: tc } = useTranslation('common');
  const user = useCurrentUser();
  const { logout } = useSession();
  const pending = usePendingCount();
  const navigate = useNavigate();
  const tasks = TILES.filter((tile) => canCall(user?.curr_role, tile.needs));
  return (
    <div className="screen">
      <StatusBar />
      <Stack p="md" gap="md">
        <Title order={1} size="h2">
          {t('title')}
        </Title>
        {user ? <Text size="lg">{t('hello', { name: user.first_name })}</Text> : null}
        {tasks.length === 0 ? <Text size="lg">{t('none')}</Text> : null}
        {tasks.map((task) => (
          <UnstyledButton
            key={task.key}
            className="task-tile"
            onClick={() => navigate(task.path)}
            data-testid={`task-${task.key}`}
          >
            <span className="task-tile-title">{t(task.key)}</span>
            <span className="task-tile-hint">{t(`${task.key}Hint`)}</span>
          </UnstyledButton>
        ))}
        <Button size="xl" variant="default" onClick={() => void logout()} disabled={pending !== 0}>
          {tc('logout')}
        </Button>
        {pending ? <Text>{tc('logoutBlocked')}</Text> : null}
        <Text size="sm" c="dimmed" data-testid="app-version">
          {t('version', { build: import.meta.env.VITE_FLOOR_BUILD ?? 'dev' })}
        </Text>
      </Stack>
    </div>
  );
}
