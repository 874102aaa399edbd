/**
 * Label print runs (spec 2 §2 Label printing; spec 3 §9 timings): a range picker (weeks from Monday, 5-minute steps,
 * seconds shown, applied as soon as it changes; default the start of this hour until the end of the hour plus 2
 * hours) and 'Show labels', which loads the labels of that range (`POST /labels/`) into a slideshow with arrows and
 * dots. Enter (key 13) goes to the next label; F11 (key 122) switches auto-advance: each label is printed once its
 * PDF has loaded and the show moves on 2 s after the load. Printing marks the label printed — the order handed over
 * — after the print delay of 1 s (`POST /labels/printed/:id`).
 */
import {
  amsterdamWallTime,
  amsterdamWallTimeToIso,
  formatDateTime,
  type LabelRunItem,
  labelPrintedEndpoint,
  labelRunDefaultRange,
  labelRunEndpoint,
  shipmentLabelEndpoint,
} from '@hoppa/core';
import { ActionIcon, Badge, Box, Button, Group, Paper, Stack, Text, UnstyledButton } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateTimePicker } from '../../components/dates.ts';
import { MutationError, QueryState } from '../../components/error-banner.tsx';
import { Icon } from '../../components/icons.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { call } from '../../lib/api.ts';
import { endpointKey } from '../../lib/endpoint-query.ts';

/** Auto-advance waits this long after a label's PDF loaded (spec 3 §9: 2000 ms). */
const AUTO_ADVANCE_MS = 2000;
/** A printed label is marked this long after printing (spec 2 §9, spec 3 §9: print delay 1000 ms). */
const PRINT_DELAY_MS = 1000;
const KEY_ENTER = 13;
const KEY_F11 = 122;

export function LabelsPage(): ReactNode {
  const { t } = useTranslation('dashboard');
  const initial = labelRunDefaultRange();
  const [start, setStart] = useState<string | null>(amsterdamWallTime(initial.start));
  const [end, setEnd] = useState<string | null>(amsterdamWallTime(initial.end));
  const [shown, setShown] = useState<{ startDate: string; endDate: string } | null>(null);
  const run = useQuery({
    queryKey: [...endpointKey(labelRunEndpoint), shown],
    queryFn: () =>
      call(labelRunEndpoint, { body: shown as NonNullable<typeof shown>, query: { limit: 500 } }),
    enabled: shown !== null,
  });
  const startIso = start ? amsterdamWallTimeToIso(start) : null;
  const endIso = end ? amsterdamWallTimeToIso(end) : null;
  const picker = {
    withSeconds: true,
    valueFormat: 'DD-MM-YYYY HH:mm:ss',
    timePickerProps: { minutesStep: 5, withDropdown: true },
    popoverProps: { withinPortal: true },
    w: 240,
  } as const;

  return (
    <>
      <PageHeader title={t('labels.title')} description={t('labels.description')} />
      <Stack gap="lg">
        <Group align="flex-end" gap="md">
          <DateTimePicker label={t('labels.start')} value={start} onChange={setStart} {...picker} />
          <DateTimePicker label={t('labels.end')} value={end} onChange={setEnd} {...picker} />
          <Button
            leftSection={<Icon name="printer" size={18} />}
            disabled={!startIso || !endIso}
            onClick={() => startIso && endIso && setShown({ startDate: startIso, endDate: endIso })}
          >
            {t('labels.show')}
          </Button>
        </Group>
        {shown ? (
          <QueryState query={run}>
            {(page) =>
              page.items.length === 0 ? (
                <Text c="dimmed">{t('labels.none')}</Text>
              ) : (
                <Slideshow key={`${shown.startDate}-${shown.endDate}`} items={page.items} />
              )
            }
          </QueryState>
        ) : null}
      </Stack>
    </>
  );
}

function Slideshow({ items }: { items: LabelRunItem[] }): ReactNode {
  const { t } = useTranslation('dashboard');
  const queryClient = useQueryClient();
  const [index, setIndex] = useState(0);
  const [auto, setAuto] = useState(false);
  const [printedAt, setPrintedAt] = useState<Record<string, string>>({});
  const frame = useRef<HTMLIFrameElement>(null);
  const item = items[index] as LabelRunItem;
  const last = items.length - 1;
  const pdf = useQuery({
    queryKey: [...endpointKey(shipmentLabelEndpoint), item.shipment_id],
    queryFn: async () =>
      URL.createObjectURL(await call(shipmentLabelEndpoint, { params: { id: item.shipment_id } })),
    staleTime: Number.POSITIVE_INFINITY,
  });
  const mark = useMutation({
    mutationFn: (id: string) => call(labelPrintedEndpoint, { params: { id } }),
    onSuccess: (res) => {
      setPrintedAt((p) => ({ ...p, [res.shipment_id]: res.printed_at }));
      void queryClient.invalidateQueries({ queryKey: endpointKey(labelRunEndpoint) });
    },
  });

  const print = () => {
    const id = item.shipment_id;
    window.setTimeout(() => mark.mutate(id), PRINT_DELAY_MS);
    try {
      frame.current?.contentWindow?.print();
    } catch {
      // A browser that keeps the PDF viewer's window to itself: the label opens in a tab to print from there.
      if (pdf.data) window.open(pdf.data, '_blank');
    }
  };

  // Enter advances; F11 switches auto-advance (its default, full screen, is kept from the browser).
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.keyCode === KEY_ENTER || e.key === 'Enter') {
        if ((e.target as HTMLElement | null)?.closest('button, input')) return;
        e.preventDefault();
        setIndex((i) => Math.min(i + 1, last));
      } else if (e.keyCode === KEY_F11 || e.key === 'F11') {
        e.preventDefault();
        setAuto((a) => !a);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [last]);

  const [loadedAt, setLoadedAt] = useState<number | null>(null);
  // Auto-advance: print the label that just loaded, then move on 2 s after the load.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once per loaded label, not on every render
  useEffect(() => {
    if (!auto || loadedAt === null) return;
    print();
    const timer = window.setTimeout(() => {
      if (index < last) setIndex(index + 1);
      else setAuto(false);
    }, AUTO_ADVANCE_MS);
    return () => window.clearTimeout(timer);
  }, [auto, loadedAt]);

  const printed = printedAt[item.shipment_id] ?? item.printed_at;
  return (
    <Paper withBorder radius="md" p="lg" data-testid="label-slideshow">
      <Group justify="space-between" mb="sm">
        <Stack gap={0}>
          <Text fw={600} data-testid="label-position">
            {t('labels.count', { index: index + 1, total: items.length })}
          </Text>
          <Text size="sm" c="dimmed">
            {item.order_number} · {item.org_name} · {item.tracking_number} · {formatDateTime(item.created_at)}
          </Text>
        </Stack>
        <Group gap="xs">
          {auto ? <Badge color="orange">{t('labels.auto')}</Badge> : null}
          <Badge color={printed ? 'teal' : 'gray'} variant="light">
            {printed ? t('labels.printed', { at: formatDateTime(printed) }) : t('labels.notPrinted')}
          </Badge>
          <Button variant="light" leftSection={<Icon name="printer" size={16} />} onClick={print}>
            {t('labels.print')}
          </Button>
        </Group>
      </Group>
      <MutationError mutation={mark} />
      <Group wrap="nowrap" align="center" gap="sm">
        <ActionIcon
          size="xl"
          variant="subtle"
          aria-label={t('labels.previous')}
          disabled={index === 0}
          onClick={() => setIndex(index - 1)}
          style={{ transform: 'rotate(90deg)' }}
        >
          <Icon name="chevronDown" size={28} />
        </ActionIcon>
        <Box
          flex={1}
          h={560}
          bg="gray.1"
          style={{ borderRadius: 'var(--mantine-radius-md)', overflow: 'hidden' }}
        >
          {pdf.data ? (
            <iframe
              ref={frame}
              key={pdf.data}
              src={`${pdf.data}#navpanes=0&view=FitV`}
              title={t('labels.frame', { order: item.order_number })}
              width="100%"
              height="100%"
              style={{ border: 0 }}
              onLoad={() => setLoadedAt(Date.now())}
            />
          ) : null}
        </Box>
        <ActionIcon
          size="xl"
          variant="subtle"
          aria-label={t('labels.next')}
          disabled={index === last}
          onClick={() => setIndex(index + 1)}
          style={{ transform: 'rotate(-90deg)' }}
        >
          <Icon name="chevronDown" size={28} />
        </ActionIcon>
      </Group>
      <Group justify="center" gap={6} mt="sm" role="tablist" aria-label={t('labels.title')}>
        {items.map((it, i) => (
          <UnstyledButton
            key={it.shipment_id}
            role="tab"
            aria-selected={i === index}
            aria-label={t('labels.goTo', { index: i + 1 })}
            onClick={() => setIndex(i)}
            w={10}
            h={10}
            style={{
              borderRadius: '50%',
              background: i === index ? 'var(--mantine-color-brand-6)' : 'var(--mantine-color-gray-4)',
            }}
          />
        ))}
      </Group>
      <Text size="xs" c="dimmed" ta="center" mt="xs">
        {t('labels.keys')}
      </Text>
    </Paper>
  );
}
