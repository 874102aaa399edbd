import { InboundInformationSchema } from '@hoppa/core';
import { useZodForm } from '@hoppa/web';
import { PhoneField } from '@hoppa/web/phone-field';
import { SimpleGrid, TextInput } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DATE_FIELD_FORMAT, parseDateField } from '../../components/date-field/date-field.rules.ts';
import { DateInput } from '../../components/dates.ts';
import { type InfoField, type InfoValues, infoProblems } from './inbound.rules.ts';

/**
 * The inbound information form (spec 2 §2 'Information form fields', §5 Inbound information): @hoppa/web's
 * `useZodForm` over core's `InboundInformationSchema`, the rules the API applies, with each field's problem worded
 * as the spec words it ('Contact person is required.', 'Valid email is required.' …).
 */
export function useInboundInfoForm(initial: InfoValues) {
  return useZodForm<InfoField>(InboundInformationSchema, initial);
}

/** The form {@link useInboundInfoForm} answers. */
export type InboundInfoForm = ReturnType<typeof useInboundInfoForm>;

/**
 * The six information fields in two columns: contact person, email, phone (the shared phone field: country nl by
 * default, the international form stored; spec 3 §5), track and trace, expected delivery
 * (DD-MM-YYYY, a calendar) and the shipping address (one line, as the API takes it). `disabled` shows them read-only.
 */
export function InboundInfoFields({
  form,
  disabled = false,
}: {
  form: InboundInfoForm;
  disabled?: boolean;
}): ReactNode {
  const { t } = useTranslation('inbound');
  const problems = infoProblems(form.form.getValues());
  /** The field's props with the spec's message in place of the generic one. */
  const field = (name: InfoField) => {
    const props = form.field(name);
    const problem = problems[name];
    const error = props.error
      ? problem === 'required'
        ? t(`info.errors.${name}`)
        : problem === 'email'
          ? t('info.errors.contact_person_email_format')
          : props.error
      : undefined;
    return { ...props, error, label: t(`info.${name}`), required: true, disabled };
  };
  const date = field('expected_delivery');
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
      <TextInput {...field('contact_person')} autoComplete="name" />
      <TextInput {...field('contact_person_email')} type="email" autoComplete="email" />
      <PhoneField {...field('phone')} />
      <TextInput {...field('track_trace')} />
      <DateInput
        label={date.label}
        required
        disabled={disabled}
        error={date.error}
        value={date.value || null}
        onChange={(v) => {
          form.form.setFieldValue('expected_delivery', v ? String(v).slice(0, 10) : '');
        }}
        onBlur={date.onBlur}
        name="expected_delivery"
        dateParser={parseDateField}
        valueFormat={DATE_FIELD_FORMAT}
        clearable
        popoverProps={{ withinPortal: true, shadow: 'md' }}
      />
      <TextInput {...field('shipping_address')} autoComplete="street-address" />
    </SimpleGrid>
  );
}
