/**
 * The seven steps of the organisation wizard (spec 3 §2, §3, §4, §5), shared by /orgs/add (a new shop, step by step,
 * Previous / Next, Submit on the last) and /settings/org (the same steps of the current shop, any step open, Save).
 * The form is one @mantine/form over nested values; Next checks the step on screen with the API's own rules
 * (org-wizard.rules.ts `stepProblems`, core `orgWizardProblems`), so the last step's submit is refused by the server
 * only for what the server alone can tell (a logo that is not an image).
 */
import {
  DEFECT_RETURN_HANDLING,
  ORG_CARRIERS,
  ORG_CONTACT_ROLES,
  ORG_CONTACTS_MAX,
  ORG_GROWTH_PATHS,
  ORG_INDUSTRIES,
  ORG_ORDER_BANDS,
  ORG_ORIGIN_COUNTRIES,
  ORG_PALLET_ROTATIONS,
  ORG_SKU_BANDS,
  ORG_STORAGE_DURATIONS,
  ORG_WIZARD_STEPS,
  type OrgWizardStep,
  RETURN_PROCESSING,
  RETURN_PROCESSING_TIME,
  RETURN_SHIPPING_COST,
  RETURN_WINDOWS,
  SELLABLE_RETURN_HANDLING,
} from '@hoppa/core';
import { PhoneField } from '@hoppa/web/phone-field';
import {
  ActionIcon,
  Alert,
  Button,
  Checkbox,
  FileInput,
  Group,
  Image,
  NumberInput,
  Paper,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Stepper,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { type UseFormReturnType, useForm } from '@mantine/form';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { lookUpVat } from './api/orgs.ts';
import { emptyContact, type OrgWizardValues, stepProblems } from './org-wizard.rules.ts';

type Form = UseFormReturnType<OrgWizardValues>;

/** The stepper's size-sm number (Mantine's --stepper-icon-size for sm), to put the lines at its middle. */
const STEP_ICON = 36;
/** The org wizard's stepper: labels under the numbers, the lines between the numbers (see {@link OrgWizardForm}). */
const STEPPER_STYLES = {
  step: { flexDirection: 'column', gap: 6, minWidth: STEP_ICON },
  stepBody: { marginInlineStart: 0, alignItems: 'center', textAlign: 'center' },
  stepLabel: { whiteSpace: 'nowrap' },
  separator: { alignSelf: 'flex-start', marginTop: STEP_ICON / 2, marginInline: 8 },
} as const;

/** Reads a chosen file as base64 (without the data-URL prefix); read errors are only logged (spec 3 §8). */
function readBase64(file: File): Promise<string | null> {
  return new Promise((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ''));
    reader.onerror = () => {
      console.warn('Reading the file failed', reader.error);
      resolve(null);
    };
    reader.readAsDataURL(file);
  });
}

/** The select options of one option list, labelled from `orgs:options.<group>.<value>`. */
function useOptions() {
  const { t } = useTranslation('orgs');
  return (group: string, values: readonly string[]) =>
    values.map((value) => ({ value, label: t(`options.${group}.${value}`) }));
}

/** Props of the wizard form: its mode, the starting values and what happens on submit. */
export interface OrgWizardFormProps {
  mode: 'create' | 'edit';
  initialValues: OrgWizardValues;
  /** Called with the values once every step passes; answers whether it was accepted. */
  onSubmit: (values: OrgWizardValues) => void;
  submitting: boolean;
  /** Shown under the steps (the mutation's error banner). */
  error?: ReactNode;
  /** The stored logo's URL (edit mode), shown until another is chosen. */
  storedLogoUrl?: string | null;
  storedVatDocName?: string | null;
}

/** The wizard's seven steps with Previous / Next / Submit (create) or free steps and Save (edit). */
export function OrgWizardForm(props: OrgWizardFormProps): ReactNode {
  const { t } = useTranslation(['orgs', 'common']);
  const [step, setStep] = useState(0);
  const form = useForm<OrgWizardValues>({ mode: 'controlled', initialValues: props.initialValues });
  const key = ORG_WIZARD_STEPS[step] as OrgWizardStep;
  const last = step === ORG_WIZARD_STEPS.length - 1;

  /** Checks one step (or all), shows the problems at their fields; true when it passes. */
  function check(which?: OrgWizardStep): boolean {
    const problems = stepProblems(form.getValues(), which, props.mode);
    const errors: Record<string, string> = {};
    for (const p of problems) {
      errors[p.path] =
        p.code === 'format' ? p.message : t(`common:validation.${p.code}`, { defaultValue: p.message });
    }
    form.setErrors(errors);
    return problems.length === 0;
  }

  function next() {
    if (check(key)) setStep(step + 1);
  }

  function submit() {
    if (props.mode === 'create' && !check(key)) return;
    const problems = stepProblems(form.getValues(), undefined, props.mode);
    if (problems.length > 0) {
      check();
      const first = problems[0]?.path.split('.')[0] as string;
      const s = ORG_WIZARD_STEPS.findIndex((k) =>
        stepProblems(form.getValues(), k, props.mode).some((p) => p.path.startsWith(first)),
      );
      if (s >= 0) setStep(s);
      return;
    }
    props.onSubmit(form.getValues());
  }

  return (
    <Stack gap="md">
      <Stepper
        active={step}
        onStepClick={(s) => {
          if (props.mode === 'edit' || s < step) setStep(s);
        }}
        size="sm"
        allowNextStepsSelect={props.mode === 'edit'}
        // Seven steps beside the settings menu: each one-word label under its number, the lines between the numbers,
        // so the stepper stays on one line at 1280 px (beside the number the labels needed two lines).
        styles={STEPPER_STYLES}
      >
        {ORG_WIZARD_STEPS.map((s) => (
          <Stepper.Step key={s} label={t(`orgs:wizard.stepShort.${s}`)} />
        ))}
      </Stepper>
      <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }}>
        <Stack gap="md">
          <Title order={3} size="h4">
            {t(`orgs:wizard.steps.${key}`)}
          </Title>
          <Text size="sm" c="dimmed">
            {t(`orgs:wizard.intro.${key}`)}
          </Text>
          {key === 'company' ? (
            <CompanyStep
              form={form}
              storedLogoUrl={props.storedLogoUrl}
              storedVatDocName={props.storedVatDocName}
            />
          ) : null}
          {key === 'contacts' ? <ContactsStep form={form} /> : null}
          {key === 'products' ? <ProductsStep form={form} /> : null}
          {key === 'storage' ? <StorageStep form={form} /> : null}
          {key === 'returns' ? <ReturnsStep form={form} /> : null}
          {key === 'growth' ? <GrowthStep form={form} /> : null}
          {key === 'address' ? <AddressStep form={form} /> : null}
        </Stack>
      </Paper>
      {props.error}
      <Group justify="space-between">
        {step > 0 ? (
          <Button variant="default" onClick={() => setStep(step - 1)} disabled={props.submitting}>
            {t('orgs:wizard.previous')}
          </Button>
        ) : (
          <span />
        )}
        <Group gap="sm">
          {props.mode === 'edit' ? (
            <Button onClick={submit} loading={props.submitting}>
              {t('orgs:wizard.save')}
            </Button>
          ) : null}
          {last ? (
            props.mode === 'create' ? (
              <Button onClick={submit} loading={props.submitting}>
                {t('orgs:wizard.submit')}
              </Button>
            ) : null
          ) : (
            <Button variant={props.mode === 'edit' ? 'default' : 'filled'} onClick={next}>
              {t('orgs:wizard.next')}
            </Button>
          )}
        </Group>
      </Group>
    </Stack>
  );
}

function CompanyStep({
  form,
  storedLogoUrl,
  storedVatDocName,
}: {
  form: Form;
  storedLogoUrl?: string | null | undefined;
  storedVatDocName?: string | null | undefined;
}): ReactNode {
  const { t } = useTranslation('orgs');
  const opts = useOptions();
  const [looking, setLooking] = useState(false);
  const [found, setFound] = useState<string | null>(null);
  const v = form.getValues();

  async function lookup() {
    const vat = form.getValues().vat_id.trim();
    if (vat.length < 4) return;
    setLooking(true);
    const a = await lookUpVat(vat);
    setLooking(false);
    if (!a?.valid || !a.company_name) {
      setFound(a?.available ? 'invalid' : null);
      return;
    }
    setFound('valid');
    form.setFieldValue('name', a.company_name);
    const addr = form.getValues().address;
    if (!addr.street && a.street) form.setFieldValue('address.street', a.street);
    if (!addr.houseNumber && a.houseNumber) form.setFieldValue('address.houseNumber', a.houseNumber);
    if (!addr.postalCode && a.postalCode) form.setFieldValue('address.postalCode', a.postalCode);
    if (!addr.city && a.city) form.setFieldValue('address.city', a.city);
  }

  async function chooseLogo(file: File | null) {
    if (!file) {
      form.setValues({ logo: null, logoChanged: true });
      return;
    }
    const ext =
      file.type === 'image/png'
        ? 'png'
        : file.type === 'image/jpeg'
          ? 'jpeg'
          : file.type === 'image/svg+xml'
            ? 'svg'
            : null;
    if (!ext) {
      form.setFieldError('logo', t('wizard.logoType'));
      return;
    }
    const data = await readBase64(file);
    if (data === null) return;
    form.setValues({
      logo: { img_data: data, img_ext: ext, preview: URL.createObjectURL(file) },
      logoChanged: true,
    });
    form.clearFieldError('logo');
  }

  async function chooseDoc(file: File | null) {
    if (!file) {
      form.setValues({ vatDoc: null, vatDocChanged: true });
      return;
    }
    if (file.type !== 'application/pdf') {
      form.setFieldError('vatDoc', t('wizard.pdfType'));
      return;
    }
    const data = await readBase64(file);
    if (data === null) return;
    form.setValues({ vatDoc: { data, file_name: file.name }, vatDocChanged: true });
    form.clearFieldError('vatDoc');
  }

  const logoUrl = v.logo?.preview ?? (v.logoChanged ? null : storedLogoUrl);
  return (
    <Stack gap="sm">
      <Group align="flex-end" gap="sm" wrap="nowrap">
        <TextInput
          style={{ flex: 1 }}
          label={t('fields.vat_id')}
          description={t('wizard.vatHint')}
          required
          {...form.getInputProps('vat_id')}
          onBlur={() => void lookup()}
        />
        <Button variant="default" onClick={() => void lookup()} loading={looking}>
          {t('wizard.lookup')}
        </Button>
      </Group>
      {found === 'valid' ? (
        <Alert color="green" variant="light" data-testid="vat-found">
          {t('wizard.vatFound')}
        </Alert>
      ) : found === 'invalid' ? (
        <Alert color="yellow" variant="light">
          {t('wizard.vatUnknown')}
        </Alert>
      ) : null}
      <TextInput
        label={t('fields.name')}
        required
        autoComplete="organization"
        {...form.getInputProps('name')}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput label={t('fields.coc_number')} required {...form.getInputProps('coc_number')} />
        <Select
          label={t('fields.industry')}
          required
          data={opts('industry', ORG_INDUSTRIES)}
          {...form.getInputProps('industry')}
        />
      </SimpleGrid>
      <TextInput
        label={t('fields.website')}
        placeholder="https://"
        type="url"
        {...form.getInputProps('website')}
      />
      <Group align="flex-end" gap="md">
        {logoUrl ? (
          <Image src={logoUrl} alt={t('fields.logo')} h={56} w={56} fit="contain" radius="sm" />
        ) : null}
        <FileInput
          style={{ flex: 1 }}
          label={t('fields.logo')}
          description={t('wizard.logoHint')}
          accept="image/png,image/jpeg,image/svg+xml"
          clearable
          placeholder={t('wizard.chooseFile')}
          onChange={(f) => void chooseLogo(f)}
          error={form.errors.logo}
        />
      </Group>
      <FileInput
        label={t('fields.vat_exemption_doc')}
        description={
          storedVatDocName && !v.vatDocChanged
            ? t('wizard.storedDoc', { name: storedVatDocName })
            : t('wizard.pdfHint')
        }
        accept="application/pdf"
        clearable
        placeholder={t('wizard.chooseFile')}
        onChange={(f) => void chooseDoc(f)}
        error={form.errors.vatDoc}
      />
    </Stack>
  );
}

function ContactsStep({ form }: { form: Form }): ReactNode {
  const { t } = useTranslation('orgs');
  const opts = useOptions();
  const contacts = form.getValues().contacts;
  return (
    <Stack gap="md">
      {contacts.map((_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: contacts have no id until stored; the index is their place.
        <Paper key={i} withBorder p="md" radius="md">
          <Stack gap="sm">
            <Group justify="space-between">
              <Text fw={600}>{t('wizard.contactN', { n: i + 1 })}</Text>
              {contacts.length > 1 ? (
                <ActionIcon
                  variant="subtle"
                  color="red"
                  aria-label={t('wizard.removeContact', { n: i + 1 })}
                  onClick={() => form.removeListItem('contacts', i)}
                >
                  ×
                </ActionIcon>
              ) : null}
            </Group>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextInput
                label={t('fields.contact_name')}
                required
                {...form.getInputProps(`contacts.${i}.name`)}
              />
              <Select
                label={t('fields.contact_role')}
                required
                data={opts('contactRole', ORG_CONTACT_ROLES)}
                allowDeselect={false}
                {...form.getInputProps(`contacts.${i}.role`)}
              />
              <TextInput
                label={t('fields.contact_email')}
                type="email"
                required
                {...form.getInputProps(`contacts.${i}.email`)}
              />
              <PhoneField
                label={t('fields.contact_number')}
                required
                {...form.getInputProps(`contacts.${i}.contact_number`)}
              />
            </SimpleGrid>
            <Checkbox
              label={t('fields.invite_user')}
              description={t('wizard.inviteHint')}
              {...form.getInputProps(`contacts.${i}.invite_user`, { type: 'checkbox' })}
            />
          </Stack>
        </Paper>
      ))}
      {contacts.length < ORG_CONTACTS_MAX ? (
        <Button variant="default" onClick={() => form.insertListItem('contacts', emptyContact())}>
          {t('wizard.addContact')}
        </Button>
      ) : null}
    </Stack>
  );
}

function ProductsStep({ form }: { form: Form }): ReactNode {
  const { t } = useTranslation('orgs');
  const opts = useOptions();
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }}>
      <Select
        label={t('fields.sku_count')}
        required
        data={opts('skuCount', ORG_SKU_BANDS)}
        {...form.getInputProps('sku_count')}
      />
      <Select
        label={t('fields.annual_orders')}
        required
        data={opts('annualOrders', ORG_ORDER_BANDS)}
        {...form.getInputProps('annual_orders')}
      />
      <Select
        label={t('fields.country')}
        required
        data={opts('origin', ORG_ORIGIN_COUNTRIES)}
        {...form.getInputProps('country')}
      />
      <Select
        label={t('fields.preferred_shipping_carrier')}
        clearable
        data={opts('carrier', ORG_CARRIERS)}
        {...form.getInputProps('preferred_shipping_carrier')}
      />
      <Textarea
        style={{ gridColumn: '1 / -1' }}
        label={t('fields.special_packaging')}
        autosize
        minRows={2}
        {...form.getInputProps('special_packaging')}
      />
    </SimpleGrid>
  );
}

function StorageStep({ form }: { form: Form }): ReactNode {
  const { t } = useTranslation('orgs');
  const opts = useOptions();
  return (
    <SimpleGrid cols={{ base: 1, sm: 3 }}>
      <NumberInput
        label={t('fields.pallets_in_storage')}
        min={0}
        max={100000}
        allowDecimal={false}
        {...form.getInputProps('pallets_in_storage')}
      />
      <Select
        label={t('fields.storage_duration')}
        clearable
        data={opts('storageDuration', ORG_STORAGE_DURATIONS)}
        {...form.getInputProps('storage_duration')}
      />
      <Select
        label={t('fields.pallet_change_frequency')}
        clearable
        data={opts('palletRotation', ORG_PALLET_ROTATIONS)}
        {...form.getInputProps('pallet_change_frequency')}
      />
    </SimpleGrid>
  );
}

function ReturnsStep({ form }: { form: Form }): ReactNode {
  const { t } = useTranslation('orgs');
  const opts = useOptions();
  const v = form.getValues();
  return (
    <Stack gap="sm">
      <Stack gap={4}>
        <Text size="sm" fw={500}>
          {t('fields.returns_policy')}{' '}
          <Text span c="red">
            *
          </Text>
        </Text>
        <SegmentedControl
          aria-label={t('fields.returns_policy')}
          data={[
            { value: 'yes', label: t('wizard.yes') },
            { value: 'no', label: t('wizard.no') },
          ]}
          value={v.returns_policy}
          onChange={(x) => {
            form.setFieldValue('returns_policy', x as 'yes' | 'no');
            form.clearFieldError('returns_policy');
          }}
          w={200}
        />
        {form.errors.returns_policy ? (
          <Text size="xs" c="red">
            {form.errors.returns_policy}
          </Text>
        ) : null}
      </Stack>
      {v.returns_policy === 'yes' ? (
        <SimpleGrid cols={{ base: 1, sm: 2 }} data-testid="returns-questions">
          <Select
            label={t('fields.handel_defect_returns')}
            required
            data={opts('defect', DEFECT_RETURN_HANDLING)}
            {...form.getInputProps('handel_defect_returns')}
          />
          <Select
            label={t('fields.handel_sellable_returns')}
            required
            data={opts('sellable', SELLABLE_RETURN_HANDLING)}
            {...form.getInputProps('handel_sellable_returns')}
          />
          <Select
            label={t('fields.return_window')}
            required
            data={opts('returnWindow', RETURN_WINDOWS)}
            {...form.getInputProps('return_window')}
          />
          {v.return_window === 'custom' ? (
            <NumberInput
              label={t('fields.return_window_days')}
              required
              min={1}
              max={365}
              allowDecimal={false}
              {...form.getInputProps('return_window_days')}
            />
          ) : (
            <span />
          )}
          <Select
            label={t('fields.return_shipping_cost')}
            required
            data={opts('returnCost', RETURN_SHIPPING_COST)}
            {...form.getInputProps('return_shipping_cost')}
          />
          <Select
            label={t('fields.return_processing')}
            required
            data={opts('returnProcessing', RETURN_PROCESSING)}
            {...form.getInputProps('return_processing')}
          />
          <Select
            label={t('fields.return_processing_time')}
            required
            data={opts('returnTime', RETURN_PROCESSING_TIME)}
            {...form.getInputProps('return_processing_time')}
          />
          <Checkbox
            mt="lg"
            label={t('fields.require_original_packaging')}
            {...form.getInputProps('require_original_packaging', { type: 'checkbox' })}
          />
          <TextInput
            label={t('fields.return_support_email')}
            type="email"
            required
            {...form.getInputProps('return_support_email')}
          />
          <PhoneField
            label={t('fields.return_support_phone')}
            {...form.getInputProps('return_support_phone')}
          />
          <Textarea
            style={{ gridColumn: '1 / -1' }}
            label={t('fields.return_conditions')}
            autosize
            minRows={2}
            {...form.getInputProps('return_conditions')}
          />
        </SimpleGrid>
      ) : null}
    </Stack>
  );
}

function GrowthStep({ form }: { form: Form }): ReactNode {
  const { t } = useTranslation('orgs');
  const opts = useOptions();
  return (
    <Stack gap="sm">
      <Select
        label={t('fields.expected_order_growth')}
        clearable
        data={opts('growth', ORG_GROWTH_PATHS)}
        {...form.getInputProps('expected_order_growth')}
      />
      <Textarea
        label={t('fields.expansion_plans')}
        autosize
        minRows={3}
        {...form.getInputProps('expansion_plans')}
      />
    </Stack>
  );
}

function AddressStep({ form }: { form: Form }): ReactNode {
  const { t } = useTranslation('orgs');
  const v = form.getValues();
  return (
    <Stack gap="sm">
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput
          label={t('fields.street')}
          required
          autoComplete="address-line1"
          {...form.getInputProps('address.street')}
        />
        <TextInput label={t('fields.houseNumber')} required {...form.getInputProps('address.houseNumber')} />
        <TextInput
          label={t('fields.postalCode')}
          required
          autoComplete="postal-code"
          {...form.getInputProps('address.postalCode')}
        />
        <TextInput
          label={t('fields.city')}
          required
          autoComplete="address-level2"
          {...form.getInputProps('address.city')}
        />
        <TextInput
          label={t('fields.addressCountry')}
          required
          maxLength={2}
          {...form.getInputProps('address.country')}
        />
        <TextInput label={t('fields.email')} type="email" required {...form.getInputProps('address.email')} />
      </SimpleGrid>
      <Checkbox
        label={t('fields.notSameBilling_email')}
        {...form.getInputProps('notSameBilling_email', { type: 'checkbox' })}
      />
      {v.notSameBilling_email ? (
        <TextInput
          label={t('fields.billing_email')}
          type="email"
          required
          {...form.getInputProps('address.billing_email')}
        />
      ) : null}
      <Checkbox
        label={t('fields.notSameBilling')}
        {...form.getInputProps('notSameBilling', { type: 'checkbox' })}
      />
      {v.notSameBilling ? (
        <SimpleGrid cols={{ base: 1, sm: 2 }} data-testid="billing-address">
          <TextInput
            label={t('fields.billingStreet')}
            required
            {...form.getInputProps('billingAddress.street')}
          />
          <TextInput
            label={t('fields.houseNumber')}
            required
            {...form.getInputProps('billingAddress.houseNumber')}
          />
          <TextInput
            label={t('fields.postalCode')}
            required
            {...form.getInputProps('billingAddress.postalCode')}
          />
          <TextInput label={t('fields.city')} required {...form.getInputProps('billingAddress.city')} />
        </SimpleGrid>
      ) : null}
    </Stack>
  );
}
