import { Button, Drawer, Group, NativeSelect, Stack, Switch, Text, TextInput } from '@mantine/core';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import type { PickFilter, PickLookups } from '../../offline/db.ts';
import { defaultPickFilter, fullFilter, periodInOrder, withOrdersSwitch } from './pick.rules.ts';
import { fromLocalInput, toLocalInput } from './pick-period.rules.ts';
import { DIALOG_STYLES } from './shelf-dialogs.tsx';

/** One choice list of the filter: "all" first, then the choices; an unknown stored value still shows. */
function Choice(props: {
  label: string;
  value: string | null | undefined;
  options: { value: string; label: string }[];
  all: string;
  onChange(value: string | null): void;
}) {
  const { label, value, options, all, onChange } = props;
  const known = !value || options.some((o) => o.value === value);
  return (
    <NativeSelect
      size="lg"
      label={label}
      value={value ?? ''}
      data={[
        { value: '', label: all },
        ...options,
        ...(known ? [] : [{ value: value as string, label: value as string }]),
      ]}
      onChange={(e) => onChange(e.currentTarget.value || null)}
    />
  );
}

/**
 * The pick screen's menu: the filter (spec 2 §2: date-time range, reverse sequence, single-orders and
 * multi-orders, the last two exclusive; location, location group, cut-off group, shipping method, organisation and
 * order id, with the choices of the last download when offline) and the way to the task menu. Applying a changed
 * filter resets the skip counter and reloads the list (spec 2 §4).
 */
export function PickFilterDrawer({
  opened,
  onClose,
  filter,
  onApply,
  onTasks,
  lookups,
  t,
}: {
  opened: boolean;
  onClose(): void;
  filter: PickFilter;
  /** The choices of the lists (null before the first download). */
  lookups: PickLookups | null | undefined;
  onApply(filter: PickFilter): void;
  onTasks(): void;
  t: TFunction<'pick', undefined>;
}) {
  const [draft, setDraft] = useState(() => fullFilter(filter));
  // The draft starts from the filter in force each time the drawer opens, and only then: a list download that
  // finishes while the picker is typing stores the same filter again and must not wipe what was typed.
  const [wasOpened, setWasOpened] = useState(opened);
  if (opened !== wasOpened) {
    setWasOpened(opened);
    if (opened) setDraft(fullFilter(filter));
  }
  const startOk = fromLocalInput(toLocalInput(draft.start)) !== null;
  // A period that ends before it starts is refused here, in Dutch, before the server answers 400.
  const inOrder = periodInOrder(draft);
  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      title={t('filterTitle')}
      position="bottom"
      size="auto"
      padding="md"
      closeButtonProps={{ 'aria-label': t('close') }}
      styles={DIALOG_STYLES}
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
          error={inOrder ? undefined : t('periodBackwards')}
          data-testid="filter-until"
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
          onChange={(e) => setDraft(fullFilter(withOrdersSwitch(draft, 'single', e.currentTarget.checked)))}
        />
        <Switch
          size="lg"
          label={t('multiOrders')}
          checked={draft.multiOrders}
          onChange={(e) => setDraft(fullFilter(withOrdersSwitch(draft, 'multi', e.currentTarget.checked)))}
        />
        <Choice
          label={t('filterLocation')}
          value={draft.location}
          all={t('filterAll')}
          options={(lookups?.locations ?? []).map((l) => ({
            value: l.id,
            label: l.parent_name ? `${l.name} (${l.parent_name})` : l.name,
          }))}
          onChange={(location) => setDraft({ ...draft, location })}
        />
        <Choice
          label={t('filterLocationGroup')}
          value={draft.locationGroup}
          all={t('filterAll')}
          options={(lookups?.locationGroups ?? []).map((g) => ({ value: g.id, label: g.name }))}
          onChange={(locationGroup) => setDraft({ ...draft, locationGroup })}
        />
        <Choice
          label={t('filterCutOff')}
          value={draft.cutOffGroup}
          all={t('filterAll')}
          options={(lookups?.cutOffGroups ?? []).map((g) => ({
            value: g.id,
            label: `${g.name} · ${g.cut_off}`,
          }))}
          onChange={(cutOffGroup) => setDraft({ ...draft, cutOffGroup })}
        />
        <Choice
          label={t('filterMethod')}
          value={draft.method}
          all={t('filterAll')}
          options={(lookups?.methods ?? []).map((m) => ({ value: m.code, label: m.name }))}
          onChange={(method) => setDraft({ ...draft, method })}
        />
        <Choice
          label={t('filterOrg')}
          value={draft.org}
          all={t('filterAll')}
          options={(lookups?.orgs ?? []).map((o) => ({ value: o.id, label: `${o.name} (${o.open_lines})` }))}
          onChange={(org) => setDraft({ ...draft, org })}
        />
        <TextInput
          size="lg"
          label={t('filterOrderId')}
          value={draft.orderId}
          maxLength={64}
          onChange={(e) => setDraft({ ...draft, orderId: e.currentTarget.value })}
        />
        {lookups && !navigator.onLine ? (
          <Text size="sm" c="dimmed">
            {t('filterOffline', { when: new Date(lookups.at).toLocaleString('nl-NL') })}
          </Text>
        ) : null}
        <Group grow className="drawer-actions">
          <Button size="xl" variant="default" onClick={() => setDraft(fullFilter(defaultPickFilter()))}>
            {t('defaults')}
          </Button>
          <Button size="xl" disabled={!startOk || !inOrder} onClick={() => inOrder && onApply(draft)}>
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
