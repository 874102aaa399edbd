import {
  createReturnEndpoint,
  IdSchema,
  IMAGE_MAX_BYTES,
  IMAGE_TYPES,
  type Order,
  orderGetEndpoint,
  RETURN_REASONS,
  ReturnAddressSchema,
  type ReturnReasonCode,
  returnLabelEndpoint,
} from '@hoppa/core';
import { useZodForm } from '@hoppa/web';
import { PhoneField } from '@hoppa/web/phone-field';
import {
  ActionIcon,
  Alert,
  Anchor,
  Button,
  FileInput,
  Group,
  NativeSelect,
  Paper,
  SimpleGrid,
  Stack,
  Stepper,
  Table,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { PATHS, pathTo } from '../../app/paths.ts';
import { ErrorBanner, PageLoader } from '../../components/error-banner.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { api, call } from '../../lib/api.ts';
import { endpointKey, endpointQuery } from '../../lib/endpoint-query.ts';

/** The address fields of the form (spec 2 §5 Return address form), as strings. */
type AddressField =
  | 'countryCode'
  | 'zipCode'
  | 'houseNumber'
  | 'houseNumberExtension'
  | 'streetName'
  | 'city'
  | 'firstName'
  | 'surname'
  | 'company'
  | 'email'
  | 'phone';

/** The problems of chosen images (spec 2 §5 Return image upload), in the UI's words; empty when all may go. */
export function imageProblems(
  files: readonly File[],
  t: (key: 'badFormat' | 'tooBig', options?: { file: string }) => string,
): string[] {
  return files.flatMap((f) =>
    !(IMAGE_TYPES as readonly string[]).includes(f.type)
      ? [t('badFormat')]
      : f.size > IMAGE_MAX_BYTES
        ? [t('tooBig', { file: f.name })]
        : [],
  );
}

/**
 * The return creation wizard (spec 2 §2 Return creation wizard, /returns/create/{order id}; issue 12): step 0 the
 * products and how many of each come back (minus and plus, up to what was shipped), step 1 the reason (required),
 * what is wrong and photos (jpeg, png, webp, 5 MB each), step 2 the sender's address prefilled from the order (the
 * spec's postcode and phone rules, checked by the server's schema); Create return makes it, uploads the photos and
 * opens the return label for printing. Once made, the form is done: 'Print the return label' opens the label again (a
 * blocked pop-up or a closed tab lost it) and the way back leads to the shipment the wizard came from
 * (`?shipment={shipment id}`, set by the shipment page; without it the shipments list).
 */
export function ReturnWizardPage() {
  const { id = '' } = useParams();
  const { i18n } = useTranslation('returns');
  const lang = i18n.resolvedLanguage?.startsWith('nl') ? 'nl' : 'en';
  const order = useQuery(endpointQuery(orderGetEndpoint, { params: { id } }));
  if (order.isError) return <ErrorBanner error={order.error} />;
  if (order.isPending) return <PageLoader />;
  // Each shipped line says how many pieces may still come back (`returnable`, the server's own rule; ADR 0142).
  const returnable = Object.fromEntries(order.data.products.map((l) => [l.id, l.returnable ?? l.quantity]));
  return <Wizard order={order.data} lang={lang} returnable={returnable} />;
}

function Wizard({
  order,
  lang,
  returnable,
}: {
  order: Order;
  lang: 'nl' | 'en';
  returnable: Record<string, number>;
}) {
  const { t } = useTranslation('returns');
  const queryClient = useQueryClient();
  const [search] = useSearchParams();
  const shipment = IdSchema.safeParse(search.get('shipment'));
  const back = shipment.success ? pathTo('shipment', { id: shipment.data }) : PATHS.shipments;
  const [step, setStep] = useState(0);
  const [counts, setCounts] = useState<Record<string, number>>({});
  const [reason, setReason] = useState('');
  const [reasonShown, setReasonShown] = useState(false);
  const [comments, setComments] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  const [noneChosen, setNoneChosen] = useState(false);
  const d = order.shipmentDetails;
  const form = useZodForm<AddressField>(ReturnAddressSchema, {
    countryCode: d.countryCode ?? 'NL',
    zipCode: d.zipCode ?? '',
    houseNumber: d.houseNumber ?? '',
    houseNumberExtension: d.houseNumberExtension ?? '',
    streetName: d.streetName ?? '',
    city: d.city ?? '',
    firstName: d.firstName ?? '',
    surname: d.surname ?? '',
    company: d.company ?? '',
    email: d.email ?? '',
    phone: d.phone ?? d.deliveryPhoneNumber ?? '',
  });
  const problems = imageProblems(files, (key, options) => t(key, options ?? {}));
  const label = useMutation({
    // The tab opens on the click, before the answer, so no pop-up blocker stops it (as Create return does).
    mutationFn: async (returnId: string) => {
      const tab = window.open('', '_blank');
      try {
        const pdf = await call(returnLabelEndpoint, { params: { id: returnId } });
        if (tab) tab.location.href = URL.createObjectURL(pdf);
      } catch (err) {
        tab?.close();
        throw err;
      }
    },
  });
  const create = useMutation({
    mutationFn: async (address: Record<AddressField, string>) => {
      const tab = window.open('', '_blank');
      try {
        const made = await call(createReturnEndpoint, {
          body: {
            order_id: order.id,
            items: Object.entries(counts)
              .filter(([, n]) => n > 0)
              .map(([order_line_id, quantity]) => ({ order_line_id, quantity })),
            reason: reason as ReturnReasonCode,
            ...(comments.trim() ? { customer_comments: comments.trim() } : {}),
            address: Object.fromEntries(Object.entries(address).filter(([, v]) => v.trim() !== '')) as never,
          },
        });
        for (const f of files)
          await api.post(`returns/upload/${made.id}`, {
            body: f,
            headers: { 'content-type': f.type, 'x-file-name': encodeURIComponent(f.name) },
          });
        // The order's detail lists its returns and what may still come back: both change at once.
        void queryClient.invalidateQueries({ queryKey: ['order-returns', order.orderId] });
        void queryClient.invalidateQueries({ queryKey: endpointKey(orderGetEndpoint) });
        const label = await call(returnLabelEndpoint, { params: { id: made.id } });
        if (tab) tab.location.href = URL.createObjectURL(label);
        return made;
      } catch (err) {
        tab?.close();
        throw err;
      }
    },
  });
  const chosen = Object.values(counts).some((n) => n > 0);
  const nothingLeft = order.products.every((l) => (returnable[l.id] ?? l.quantity) === 0);

  return (
    <Stack gap="md">
      <Anchor component={Link} to={back} size="sm">
        ← {t('back')}
      </Anchor>
      <PageHeader
        title={t('title', { order: order.orderId })}
        description={order.shipmentDetails.city ?? ''}
      />
      {create.data ? (
        <Alert color="green" variant="light" data-testid="return-created">
          {t('created', { number: create.data.return_number })}
        </Alert>
      ) : null}
      <ErrorBanner
        error={create.error ?? label.error}
        messages={{ return_quantity: t('returnQuantity'), not_shipped: t('notShipped') }}
      />
      {nothingLeft && !create.data ? (
        <Alert color="blue" variant="light" data-testid="nothing-left">
          {t('nothingLeft')}
        </Alert>
      ) : null}
      {/* A made return is not edited here: its fields stay to read, disabled. */}
      <fieldset disabled={Boolean(create.data)} style={{ border: 0, margin: 0, padding: 0, minWidth: 0 }}>
        <Stepper
          active={step}
          onStepClick={(s) => !create.data && s < step && setStep(s)}
          allowNextStepsSelect={false}
        >
          <Stepper.Step label={t('step0')}>
            <Paper withBorder p="md" radius="md">
              <Table>
                <Table.Tbody>
                  {order.products.map((line) => {
                    const n = counts[line.id] ?? 0;
                    const max = returnable[line.id] ?? line.quantity;
                    const set = (v: number) =>
                      setCounts({ ...counts, [line.id]: Math.max(0, Math.min(max, v)) });
                    return (
                      <Table.Tr key={line.id} aria-label={line.title}>
                        <Table.Td>
                          <Text fw={600}>{line.title}</Text>
                          <Text size="sm" c="dimmed">
                            {line.ean} · {t('shipped', { count: line.quantity })}
                            {max < line.quantity
                              ? ` · ${t('alreadyBack', { count: line.quantity - max })}`
                              : ''}
                          </Text>
                        </Table.Td>
                        <Table.Td>
                          <Group gap="xs" justify="flex-end" wrap="nowrap">
                            <ActionIcon
                              variant="default"
                              size="lg"
                              aria-label={t('less')}
                              onClick={() => set(n - 1)}
                              disabled={n === 0}
                            >
                              −
                            </ActionIcon>
                            <Text w={32} ta="center" fw={700} data-testid="return-count">
                              {n}
                            </Text>
                            <ActionIcon
                              variant="default"
                              size="lg"
                              aria-label={t('more')}
                              onClick={() => set(n + 1)}
                              disabled={n >= max}
                            >
                              +
                            </ActionIcon>
                          </Group>
                        </Table.Td>
                      </Table.Tr>
                    );
                  })}
                </Table.Tbody>
              </Table>
              {noneChosen && !chosen ? <Text c="red">{t('noneChosen')}</Text> : null}
            </Paper>
          </Stepper.Step>
          <Stepper.Step label={t('step1')}>
            <Paper withBorder p="md" radius="md">
              <Stack>
                <NativeSelect
                  label={t('reason')}
                  required
                  value={reason}
                  error={reasonShown && !reason ? t('reasonMissing') : undefined}
                  data={[
                    { value: '', label: '—' },
                    ...RETURN_REASONS.filter((r) => r.kind === 'customer').map((r) => ({
                      value: r.code,
                      label: r[lang],
                    })),
                  ]}
                  onChange={(e) => setReason(e.currentTarget.value)}
                />
                <Textarea
                  label={t('description')}
                  value={comments}
                  maxLength={5000}
                  rows={3}
                  onChange={(e) => setComments(e.currentTarget.value)}
                />
                <FileInput
                  label={t('images')}
                  multiple
                  clearable
                  accept={IMAGE_TYPES.join(',')}
                  value={files}
                  onChange={(f) => setFiles(f ?? [])}
                  error={problems.length ? problems.join(' ') : undefined}
                />
              </Stack>
            </Paper>
          </Stepper.Step>
          <Stepper.Step label={t('step2')}>
            <Paper withBorder p="md" radius="md">
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                <TextInput label={t('country')} required {...form.field('countryCode')} />
                <TextInput label={t('zipCode')} required {...form.field('zipCode')} />
                <TextInput label={t('houseNumber')} required {...form.field('houseNumber')} />
                <TextInput label={t('addition')} {...form.field('houseNumberExtension')} />
                <TextInput label={t('street')} required {...form.field('streetName')} />
                <TextInput label={t('city')} required {...form.field('city')} />
                <TextInput label={t('firstName')} required {...form.field('firstName')} />
                <TextInput label={t('surname')} required {...form.field('surname')} />
                <TextInput label={t('company')} {...form.field('company')} />
                <TextInput label={t('email')} required {...form.field('email')} />
                <PhoneField
                  label={t('phone')}
                  addressCountry={form.form.values.countryCode}
                  {...form.field('phone')}
                />
              </SimpleGrid>
            </Paper>
          </Stepper.Step>
        </Stepper>
      </fieldset>
      {create.data ? (
        <Group justify="flex-end">
          <Button variant="default" component={Link} to={back}>
            {t('back')}
          </Button>
          <Button loading={label.isPending} onClick={() => label.mutate(create.data.id)}>
            {t('label')}
          </Button>
        </Group>
      ) : (
        <Group justify="space-between">
          <Button
            variant="default"
            disabled={step === 0 || create.isPending}
            onClick={() => setStep(step - 1)}
          >
            {t('previous')}
          </Button>
          {step < 2 ? (
            <Button
              disabled={nothingLeft}
              onClick={() => {
                if (step === 0) {
                  setNoneChosen(true);
                  if (chosen) setStep(1);
                } else {
                  setReasonShown(true);
                  if (reason && problems.length === 0) setStep(2);
                }
              }}
            >
              {t('continue')}
            </Button>
          ) : (
            <Button
              loading={create.isPending}
              onClick={() => form.onSubmit((values) => create.mutate(values))()}
            >
              {t('create')}
            </Button>
          )}
        </Group>
      )}
    </Stack>
  );
}
