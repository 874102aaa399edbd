import type { Org, ShipmentMethod } from '@hoppa/core';
import { Group, Input, MultiSelect, Paper, Select, Switch, TagsInput } from '@mantine/core';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { DateField } from '../../../components/date-field/date-field.tsx';
import { ORDER_LIMIT_OPTIONS } from '../open-orders.rules.ts';
import { PlainSegmentedControl } from './segmented-markup.tsx';

/**
 * The filter bar's option lists scroll natively (`withScrollArea={false}` and this style on the dropdown) instead of in
 * Mantine's ScrollArea, and a closed list renders no options (`keepMounted: false`): Mantine 9 keeps every closed
 * combobox's options mounted, so each list's ScrollArea (viewport, two scrollbars, their resize observers and a layout
 * read on mount) rendered with the page although nobody had opened it (issue 8, ADR 0087), and each kept dropdown was
 * placed by Floating UI in the first render's commit, reading the page's style and layout (ADR 0113). 220 px is
 * Mantine's own default height of the list.
 */
const NATIVE_SCROLL = {
  withScrollArea: false,
  styles: { dropdown: { maxHeight: 220, overflowY: 'auto' } },
  comboboxProps: { keepMounted: false },
} as const;

export interface OrderFilterValues {
  /** Start of the range, 'YYYY-MM-DD HH:mm:ss' local time. */
  from: string;
  /** End of the range, 'YYYY-MM-DD HH:mm:ss' local time. */
  until: string;
  packSize: 'all' | '1' | '2';
  locations: string[];
  methods: string[];
  limit: number;
  red: boolean;
  b2b: boolean;
  /** One organisation's id, or null for every organisation the user may see. */
  org: string | null;
}

/**
 * Filters of the open orders list (spec 1 §2): date range with time (DD-MM-YYYY HH:mm, spec 1 §9),
 * single/multi-item orders (pack size 1 or 2, default all), pick locations as free tags, shipment
 * methods, page limit (10–500), the warning (red) and B2B toggles, and for users who see several organisations
 * (warehouse staff, provider admin) one organisation or all of them.
 */
export const OrderFilters = memo(function OrderFilters({
  value,
  onChange,
  locationSuggestions,
  methods,
  orgs,
}: {
  value: OrderFilterValues;
  /**
   * Receives only the field that changed: the page merges it into the URL's current state, so a change made before
   * the last one has reached these props (the URL's update renders in a transition) does not undo the last one.
   */
  onChange: (patch: Partial<OrderFilterValues>) => void;
  locationSuggestions: string[];
  methods: readonly ShipmentMethod[];
  /** The organisations the user may see; the choice shows when there are several. */
  orgs: readonly Org[];
}) {
  const { t } = useTranslation('orders');
  const set = <K extends keyof OrderFilterValues>(k: K, v: OrderFilterValues[K]) =>
    onChange({ [k]: v } as Partial<OrderFilterValues>);
  return (
    <Paper withBorder radius="md" p="sm" component="section" aria-label={t('filters.title')}>
      <Group align="flex-end" gap="sm" wrap="wrap">
        <DateField
          withTime
          label={t('filters.from')}
          value={value.from}
          onChange={(v) => set('from', v)}
          w={170}
        />
        <DateField
          withTime
          label={t('filters.until')}
          value={value.until}
          onChange={(v) => set('until', v)}
          w={170}
        />
        <Input.Wrapper label={t('filters.orders')} size="xs">
          <PlainSegmentedControl
            value={value.packSize}
            onChange={(v) => set('packSize', v)}
            data={[
              { value: 'all', label: t('filters.all') },
              { value: '1', label: t('filters.single') },
              { value: '2', label: t('filters.multi') },
            ]}
            aria-label={t('filters.orders')}
          />
        </Input.Wrapper>
        <TagsInput
          {...NATIVE_SCROLL}
          label={t('filters.locations')}
          placeholder={value.locations.length ? undefined : t('filters.locationsPlaceholder')}
          data={locationSuggestions}
          value={value.locations}
          onChange={(v) => set('locations', v)}
          clearable
          size="xs"
          w={220}
        />
        <MultiSelect
          {...NATIVE_SCROLL}
          label={t('filters.methods')}
          placeholder={value.methods.length ? undefined : t('filters.methodsPlaceholder')}
          data={methods.map((m) => ({ value: m.code, label: m.name }))}
          value={value.methods}
          onChange={(v) => set('methods', v)}
          clearable
          size="xs"
          w={220}
        />
        {orgs.length > 1 ? (
          <Select
            {...NATIVE_SCROLL}
            label={t('filters.org')}
            data={[
              { value: '', label: t('filters.allOrgs') },
              ...orgs.filter((o) => o.kind === 'merchant').map((o) => ({ value: o.id, label: o.name })),
            ]}
            value={value.org ?? ''}
            onChange={(v) => set('org', v ? v : null)}
            allowDeselect={false}
            size="xs"
            w={200}
          />
        ) : null}
        <Select
          {...NATIVE_SCROLL}
          label={t('filters.limit')}
          data={ORDER_LIMIT_OPTIONS.map(String)}
          value={String(value.limit)}
          onChange={(v) => v && set('limit', Number(v))}
          allowDeselect={false}
          size="xs"
          w={110}
        />
        <Group gap="md" pb={4}>
          <Switch
            size="xs"
            label={t('filters.red')}
            checked={value.red}
            onChange={(e) => set('red', e.currentTarget.checked)}
          />
          <Switch
            size="xs"
            label={t('filters.b2b')}
            checked={value.b2b}
            onChange={(e) => set('b2b', e.currentTarget.checked)}
          />
        </Group>
      </Group>
    </Paper>
  );
});
