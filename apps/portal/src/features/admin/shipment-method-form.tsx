import {
  type AdminShipmentMethod,
  euroFromText,
  METHOD_CARRIERS,
  type ShipmentMethodBody,
  ShipmentMethodFormSchema,
} from '@hoppa/core';
import { useZodForm } from '@hoppa/web';
import { Button, Checkbox, Group, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import type { TFunction } from 'i18next';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MutationError } from '../../components/error-banner.tsx';
import { useSaveShipmentMethod } from './api/admin-api.ts';

type Field = keyof typeof ShipmentMethodFormSchema.shape;

/**
 * A stored amount in the form's field as the list shows it, in Dutch decimals: 0 as '0,00', not blank (the list shows
 * € 0,00; a blank field read as 'not set'). {@link euroFromText} reads it back.
 */
const euroText = (n: number) => n.toFixed(2).replace('.', ',');

/**
 * A carrier's name in the UI's language ('Lokale bezorging' for `local`, core's METHOD_CARRIERS); a code the portal
 * does not know yet shows as it is.
 */
export function carrierName(t: TFunction<'admin'>, carrier: string): string {
  return (METHOD_CARRIERS as readonly string[]).includes(carrier)
    ? t(`methods.carrier.${carrier as (typeof METHOD_CARRIERS)[number]}`)
    : carrier;
}

/**
 * The shipment method form (spec 3 §2 Add shipment method form: name and code required, price, purchase price,
 * cut-off, late-drop and peak surcharge; §5 validated after change and before submit), for adding (`method` null) and
 * editing. Calls `onSaved` with the saved method.
 */
export function ShipmentMethodForm(props: {
  method: AdminShipmentMethod | null;
  groups: string[];
  onSaved: (m: AdminShipmentMethod) => void;
  onCancel?: () => void;
}): ReactNode {
  const { t } = useTranslation('admin');
  const m = props.method;
  const save = useSaveShipmentMethod();
  const [carrier, setCarrier] = useState<string>(m?.carrier ?? 'local');
  const [active, setActive] = useState(m?.active ?? true);
  const { field, onSubmit } = useZodForm<Field>(ShipmentMethodFormSchema, {
    name: m?.name ?? '',
    code: m?.code ?? '',
    group: m?.group ?? '',
    price: m ? euroText(m.price) : '',
    purchase_price: m ? euroText(m.purchase_price) : '',
    cut_off: m?.cut_off ?? '',
    late_drop_surcharge: m ? euroText(m.late_drop_surcharge) : '',
    peak_surcharge: m ? euroText(m.peak_surcharge) : '',
    country_code: m?.country_code ?? '',
  });
  const submit = onSubmit((v) => {
    const body: ShipmentMethodBody = {
      name: v.name.trim(),
      code: v.code.trim(),
      carrier: carrier as ShipmentMethodBody['carrier'],
      group: v.group.trim() || null,
      price: euroFromText(v.price),
      purchase_price: euroFromText(v.purchase_price),
      cut_off: v.cut_off.trim() || null,
      late_drop_surcharge: euroFromText(v.late_drop_surcharge),
      peak_surcharge: euroFromText(v.peak_surcharge),
      country_code: v.country_code.trim().toUpperCase() || null,
      active,
    };
    save.mutate({ id: m?.id ?? null, body }, { onSuccess: props.onSaved });
  });
  return (
    <form noValidate onSubmit={submit}>
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label={t('methods.field.name')} required {...field('name')} />
          <TextInput
            label={t('methods.field.code')}
            required
            // The code in monospace, its label in the form's font like the others.
            styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
            {...field('code')}
          />
          <Select
            label={t('methods.field.carrier')}
            data={METHOD_CARRIERS.map((c) => ({ value: c, label: carrierName(t, c) }))}
            value={carrier}
            onChange={(v) => setCarrier(v ?? 'local')}
            allowDeselect={false}
          />
          <TextInput
            label={t('methods.field.group')}
            description={t('methods.field.groupHint')}
            list="method-groups"
            {...field('group')}
          />
          <TextInput label={t('methods.field.price')} inputMode="decimal" {...field('price')} />
          <TextInput
            label={t('methods.field.purchase_price')}
            inputMode="decimal"
            {...field('purchase_price')}
          />
          <TextInput
            label={t('methods.field.cut_off')}
            description={t('methods.field.cut_offHint')}
            placeholder="15:30"
            {...field('cut_off')}
          />
          <TextInput label={t('methods.field.country_code')} maxLength={2} {...field('country_code')} />
          <TextInput
            label={t('methods.field.late_drop_surcharge')}
            inputMode="decimal"
            {...field('late_drop_surcharge')}
          />
          <TextInput
            label={t('methods.field.peak_surcharge')}
            required
            inputMode="decimal"
            {...field('peak_surcharge')}
          />
        </SimpleGrid>
        <datalist id="method-groups">
          {props.groups.map((g) => (
            <option key={g} value={g} />
          ))}
        </datalist>
        <Checkbox
          label={t('methods.field.active')}
          checked={active}
          onChange={(e) => setActive(e.currentTarget.checked)}
        />
        <MutationError mutation={save} serverMessageFor={[409]} />
        <Group justify="flex-end">
          {props.onCancel ? (
            <Button variant="default" onClick={props.onCancel}>
              {t('common.cancel')}
            </Button>
          ) : null}
          <Button type="submit" loading={save.isPending}>
            {t('common.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
