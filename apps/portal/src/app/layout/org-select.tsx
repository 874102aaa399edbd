import { Select } from '@mantine/core';
import type { ReactNode } from 'react';
import { Icon } from '../../components/icons.tsx';

/**
 * The organisation switcher's searchable select (spec 3 §2 Shops: switching the current organisation), in its own
 * chunk: only users with more than one shop load it (org-switcher.tsx). `onChoose` gets the chosen organisation's id.
 */
export function OrgSelect({
  label,
  data,
  value,
  pending,
  onChoose,
}: {
  label: string;
  data: { value: string; label: string }[];
  value: string | null;
  pending: boolean;
  onChoose(id: string): void;
}): ReactNode {
  return (
    <Select
      aria-label={label}
      data={data}
      value={value}
      onChange={(id) => {
        if (id) onChoose(id);
      }}
      searchable={data.length > 7}
      allowDeselect={false}
      disabled={pending}
      leftSection={<Icon name="shops" size={16} />}
      comboboxProps={{ withinPortal: true }}
      w="100%"
    />
  );
}
