/**
 * The organisation switcher of the main layout (spec 3 §2 Shops: switching the current organisation;
 * spec 3 §7 GET /orgs, POST /orgs/set_curr {customer_id}). It shows the current organisation; with
 * more than one to choose from it is a searchable select. After a switch every cached answer is
 * refetched, because everything a screen shows belongs to the current organisation.
 */
import type { CurrentOrgAuth } from '@hoppa/core';
import { errorDisplay, errorText } from '@hoppa/web';
import { Group, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../components/icons.tsx';
import { CURRENT_ORG_AUTH_KEY, orgsQuery, sessionCalls } from '../session.ts';

const OrgSelect = lazy(() => import('./org-select.tsx').then((m) => ({ default: m.OrgSelect })));

function useSwitchOrg() {
  const qc = useQueryClient();
  const { t } = useTranslation(['layout', 'common']);
  return useMutation({
    mutationFn: async (customer_id: string) => (await sessionCalls()).setCurrOrg(customer_id),
    onSuccess: async (auth: CurrentOrgAuth) => {
      qc.setQueryData(CURRENT_ORG_AUTH_KEY, auth);
      await qc.invalidateQueries({ predicate: (q) => q.queryKey[0] !== CURRENT_ORG_AUTH_KEY[0] });
      notifications.show({
        color: 'green',
        message: t('layout:org.switched', { name: auth.org?.name ?? '' }),
      });
    },
    onError: (error) => {
      notifications.show({
        color: 'red',
        title: t('layout:org.switchFailed'),
        message: errorText(errorDisplay(error, window.location.pathname), t),
      });
    },
  });
}

/** `onSwitched` runs after a successful switch (the phone menu closes itself then). */
export function OrgSwitcher({
  orgAuth,
  onSwitched,
}: {
  orgAuth: CurrentOrgAuth | null;
  onSwitched?: () => void;
}): ReactNode {
  const { t } = useTranslation('layout');
  const many = (orgAuth?.org_count ?? 0) > 1;
  // The same cache entry as the packing station's organisation choice (one key per endpoint and input).
  const orgs = useQuery({ ...orgsQuery, enabled: many });
  const switchOrg = useSwitchOrg();
  const current = orgAuth?.org ?? null;

  if (!many || orgs.isError) {
    return (
      <Group gap={8} wrap="nowrap" c="dimmed" style={{ minWidth: 0 }}>
        <Icon name="shops" size={16} />
        <Text size="sm" fw={500} c="dark" truncate="end" aria-label={t('org.label')} title={current?.name}>
          {current?.name ?? t('org.none')}
        </Text>
      </Group>
    );
  }
  const choices = (orgs.data ?? (current ? [{ id: current.id, name: current.name, active: true }] : []))
    .filter((o) => o.active || o.id === current?.id)
    .map((o) => ({ value: o.id, label: o.name }));
  const label = (
    <Group gap={8} wrap="nowrap" c="dimmed" style={{ minWidth: 0 }}>
      <Icon name="shops" size={16} />
      <Text size="sm" fw={500} c="dark" truncate="end" aria-label={t('org.label')} title={current?.name}>
        {current?.name ?? t('org.none')}
      </Text>
    </Group>
  );
  // The searchable select loads with the first user who has more than one shop (its own chunk, off the first load).
  return (
    <Suspense fallback={label}>
      <OrgSelect
        label={t('org.label')}
        data={choices}
        value={current?.id ?? null}
        pending={switchOrg.isPending}
        onChoose={(id) => {
          if (id !== current?.id) switchOrg.mutate(id, { onSuccess: () => onSwitched?.() });
        }}
      />
    </Suspense>
  );
}
