import { Button, Drawer, Group, Stack, Switch, TextInput } from '@mantine/core';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import type { PickFilter } from '../../offline/db.ts';
import { defaultPickFilter, fromLocalInput, toLocalInput, withOrdersSwitch } from './pick.rules.ts';

/**
 * The pick screen's menu: the filter (spec 2 §2: date-time range, reverse sequence, single-orders and
 * multi-orders, the last two exclusive) and the way to the task menu. Applying a changed filter resets
 * the skip counter and reloads the list (spec 2 §4).
 */
export function PickFilterDrawer({
  opened,
  onClose,
  filter,
  onApply,
  onTasks,
  t,
}: {
  opened: boolean;
  onClose(): void;
  filter: PickFilter;
  onApply(filter: PickFilter): void;
  onTasks(): void;
  t: TFunction<'pick', undefined>;
}) {
  const [draft, setDraft] = useState(filter);
  // The draft starts from the filter in force each time the drawer opens, and only then: a list download that
  // finishes while the picker is typing stores the same filter again and must not wipe what was typed.
  const [wasOpened, setWasOpened] = useState(opened);
  if (opened !== wasOpened) {
    setWasOpened(opened);
    if (opened) setDraft(filter);
  }
  const startOk = fromLocalInput(toLocalInput(draft.start)) !== null;
  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      title={t('filterTitle')}
      position="bottom"
      size="auto"
      padding="md"
      styles={{ title: { fontSize: 22, fontWeight: 800 }, close: { width: 48, height: 48 } }}
    >
      <Stack gap="md">
        <TextInput
          type="datetime-local"
          label={t('from')}
          size="lg"
          value={toLocalInput(draft.start)}
          onChange={(e) => {
            const iso = fromLocalInput(e.currentTarget.value);
            if (iso) setDraft({ ...draft, start: iso });
          }}
        />
        <TextInput
          type="datetime-local"
          label={t('until')}
          size="lg"
          value={toLocalInput(draft.end)}
          onChange={(e) => {
            const iso = fromLocalInput(e.currentTarget.value);
            if (iso) setDraft({ ...draft, end: iso });
          }}
        />
        <Switch
          size="lg"
          label={t('reverse')}
          checked={draft.reverse}
          onChange={(e) => setDraft({ ...draft, reverse: e.currentTarget.checked })}
        />
        <Switch
          size="lg"
          label={t('singleOrders')}
          checked={draft.singleOrders}
          onChange={(e) => setDraft(withOrdersSwitch(draft, 'single', e.currentTarget.checked))}
        />
        <Switch
          size="lg"
          label={t('multiOrders')}
          checked={draft.multiOrders}
          onChange={(e) => setDraft(withOrdersSwitch(draft, 'multi', e.currentTarget.checked))}
        />
        <Group grow className="drawer-actions">
          <Button size="xl" variant="default" onClick={() => setDraft(defaultPickFilter())}>
            {t('defaults')}
          </Button>
          <Button size="xl" disabled={!startOk} onClick={() => onApply(draft)}>
            {t('apply')}
          </Button>
        </Group>
        <Button size="xl" variant="light" onClick={onTasks}>
          {t('tasks')}
        </Button>
      </Stack>
    </Drawer>
  );
}
