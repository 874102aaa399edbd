import {
  ApiError,
  AUTOMATION_CHANGE_FIELDS,
  AUTOMATION_FIELDS,
  AUTOMATION_OPERATORS,
  type Automation,
  type AutomationChangeField,
  type AutomationField,
  type AutomationImportReasonCode,
  type AutomationOperator,
  automationConditionProblem,
  type ReasonValues,
  type ValidationReasonCode,
} from '@hoppa/core';
import { type CodedIssue, codedReasonText } from '@hoppa/web';
import {
  ActionIcon,
  Button,
  Group,
  NumberInput,
  Paper,
  SegmentedControl,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { ErrorBanner } from '../error-banner.tsx';
import {
  useAutomations,
  useDeleteAutomation,
  useProductSearch,
  useSaveAutomation,
  useShippingChoices,
} from './api.ts';
import { useProductPanelTexts } from './panel-texts.ts';

/** The form of a rule being made or changed. */
interface Draft {
  id: string | null;
  field: AutomationField;
  operator: AutomationOperator;
  value: string;
  type: 'change' | 'add';
  changeField: AutomationChangeField;
  changeValue: string | null;
  addEan: string | null;
  factor: number;
}

const EMPTY: Draft = {
  id: null,
  field: 'quantity',
  operator: '>=',
  value: '',
  type: 'change',
  changeField: 'selected_ship_option',
  changeValue: null,
  addEan: null,
  factor: 1,
};

const OPERATOR_SIGN: Record<AutomationOperator, string> = {
  '==': '=',
  '!=': '≠',
  '>': '>',
  '<': '<',
  '>=': '≥',
  '<=': '≤',
};

/**
 * The problems of a rule the form words in the UI's language (ADR 0119 §3): its own condition check's, those of
 * `POST`/`PUT /automation/`'s 400 issue (core automation import codes) and zod's own refusals at the edge (core
 * `VALIDATION_REASON_CODES`: an unknown condition field or operator); texts `automations.problems.<code>`.
 */
const RULE_PROBLEM_CODES: readonly (AutomationImportReasonCode | ValidationReasonCode)[] = [
  'text_operator',
  'quantity_not_a_number',
  'unknown_shipment_method',
  'unknown_packaging',
  'unknown_product',
  'not_one_of',
  'missing',
  'text_too_long',
];

/** The form's label of a body key a coded problem names (`affected_field`, `logical_operator`). */
const BODY_FIELD_LABEL: Record<string, string> = {
  affected_field: 'automations.field',
  logical_operator: 'automations.operator',
};

/** The coded issue of a refused save (a 400 whose first issue has a code the form words), or null. */
export function ruleIssueOf(error: unknown): CodedIssue | null {
  if (!(error instanceof ApiError) || error.status !== 400) return null;
  const body = error.body as { issues?: { message: string; code?: string; values?: ReasonValues }[] } | null;
  const issue = body?.issues?.[0];
  return issue?.code && (RULE_PROBLEM_CODES as readonly string[]).includes(issue.code)
    ? { code: issue.code, values: issue.values ?? {}, reason: issue.message }
    : null;
}

function draftOf(a: Automation): Draft {
  const first = a.actions[0];
  return {
    id: a.id,
    field: a.affected_field,
    operator: a.logical_operator,
    value: a.value,
    type: a.type,
    changeField: first && 'field' in first ? first.field : 'selected_ship_option',
    changeValue: first && 'field' in first ? first.value : null,
    addEan: first && 'ean' in first ? first.ean : null,
    factor: first && 'quantity' in first ? first.quantity : 1,
  };
}

/**
 * The automation rules panel of a product (spec 3 §2 Product item card 'Automation rules panel'; §7 Automations;
 * issue 15 item 2): the product's rules as 'When … Then …' rows with edit and delete, and a form for a new or changed
 * rule — condition field (quantity, EAN, country), operator (equal, not equal, greater than, less than, at least, at
 * most; the text fields only equal and not equal), value; action change (shipment method or packaging, with its
 * value) or add (a product of the shop found by name, EAN or SKU from 3 characters, debounced 300 ms, with a quantity factor).
 * A condition that cannot hold, or an action the API refuses (unknown method, box or product), is said in the form in
 * the UI's language by its reason code. Self-contained: give it the product's id and shop; it reads and writes through
 * the API and keeps its own texts.
 */
export function ProductAutomationsPanel({
  productId,
  orgId,
  canEdit = true,
}: {
  productId: string;
  /** The product's shop, whose products an add action may name (searched by name, EAN or SKU). */
  orgId: string;
  canEdit?: boolean;
}) {
  const t = useProductPanelTexts();
  const list = useAutomations(productId);
  const save = useSaveAutomation(productId);
  const remove = useDeleteAutomation(productId);
  const { methods, boxes } = useShippingChoices();
  const [draft, setDraft] = useState<Draft | null>(null);
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 300);
  const found = useProductSearch(debounced, orgId);
  const [problem, setProblem] = useState<string | null>(null);
  const refused = ruleIssueOf(save.error);
  /** A coded problem in the UI's language; the condition's field by the form's label, the value as 'Value'. */
  const problemText = (issue: CodedIssue) => {
    const field = issue.values?.field;
    const label =
      field && (AUTOMATION_FIELDS as readonly string[]).includes(field)
        ? t(`automations.fields.${field}`)
        : t((field && BODY_FIELD_LABEL[field]) || 'automations.value');
    return codedReasonText(t, 'automations.problems', RULE_PROBLEM_CODES, issue, {
      values: { field: label },
    });
  };

  const boxName = (id: string) => boxes.find((b) => b.id === id)?.name ?? id;
  const describeAction = (a: Automation['actions'][number]) =>
    'field' in a
      ? a.field === 'selected_ship_option'
        ? t('automations.shipMethod', { value: a.value })
        : t('automations.packaging', { value: boxName(a.value) })
      : t('automations.addProduct', { quantity: a.quantity, name: `${a.name} (${a.ean})` });

  async function submit() {
    if (!draft) return;
    const value = draft.value.trim();
    const actionOk = draft.type === 'change' ? Boolean(draft.changeValue) : Boolean(draft.addEan);
    if (!value || !actionOk) {
      setProblem(t('automations.needAll'));
      return;
    }
    const why = automationConditionProblem(draft.field, draft.operator, value);
    if (why) {
      setProblem(problemText(why));
      return;
    }
    setProblem(null);
    const base = {
      product_id: productId,
      affected_field: draft.field,
      logical_operator: draft.operator,
      value,
    };
    const body =
      draft.type === 'change'
        ? {
            ...base,
            type: 'change' as const,
            actions: [{ field: draft.changeField, value: draft.changeValue as string }],
          }
        : {
            ...base,
            type: 'add' as const,
            actions: [{ ean: draft.addEan as string, quantity: draft.factor }],
          };
    try {
      await save.mutateAsync(draft.id ? { ...body, _id: draft.id } : body);
    } catch {
      // Shown from save.error: a coded refusal in the form, any other failure in the banner.
      return;
    }
    notifications.show({ color: 'green', message: t('automations.saved'), autoClose: 5000 });
    setDraft(null);
  }

  const textField = draft && draft.field !== 'quantity';
  const operators = textField ? (['==', '!='] as const) : AUTOMATION_OPERATORS;
  const productOptions = (found.data?.products ?? []).map((p) => ({
    value: p.ean,
    label: `${p.name} (${p.ean})`,
  }));
  if (draft?.addEan && !productOptions.some((o) => o.value === draft.addEan))
    productOptions.unshift({ value: draft.addEan, label: draft.addEan });

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label={t('automations.title')}>
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={2} fz="lg">
            {t('automations.title')}
          </Title>
          {canEdit && !draft && (
            <Button size="xs" onClick={() => setDraft(EMPTY)}>
              {t('automations.add')}
            </Button>
          )}
        </Group>
        <Text size="sm" c="dimmed">
          {t('automations.intro')}
        </Text>
        <ErrorBanner error={list.error ?? (refused ? null : save.error) ?? remove.error} />
        {list.data && list.data.items.length === 0 && <Text size="sm">{t('automations.empty')}</Text>}
        {list.data && list.data.items.length > 0 && (
          <Table fz="sm" withTableBorder>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('automations.when')}</Table.Th>
                <Table.Th>{t('automations.action')}</Table.Th>
                {canEdit && <Table.Th />}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.data.items.map((a) => (
                <Table.Tr key={a.id}>
                  <Table.Td>
                    {t(`automations.fields.${a.affected_field}`)} {OPERATOR_SIGN[a.logical_operator]}{' '}
                    {a.value}
                  </Table.Td>
                  <Table.Td>{a.actions.map(describeAction).join(', ')}</Table.Td>
                  {canEdit && (
                    <Table.Td>
                      <Group gap={4} justify="flex-end" wrap="nowrap">
                        <Button size="compact-xs" variant="subtle" onClick={() => setDraft(draftOf(a))}>
                          {t('automations.edit')}
                        </Button>
                        <ActionIcon
                          variant="subtle"
                          color="red"
                          aria-label={t('automations.delete')}
                          loading={remove.isPending && remove.variables === a.id}
                          onClick={async () => {
                            await remove.mutateAsync(a.id);
                            notifications.show({ message: t('automations.deleted'), autoClose: 5000 });
                          }}
                        >
                          ×
                        </ActionIcon>
                      </Group>
                    </Table.Td>
                  )}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
        {draft && (
          <Paper withBorder p="sm" radius="sm" bg="gray.0">
            <Stack gap="xs">
              <Group grow align="flex-end">
                <Select
                  label={t('automations.field')}
                  data={AUTOMATION_FIELDS.map((f) => ({ value: f, label: t(`automations.fields.${f}`) }))}
                  value={draft.field}
                  allowDeselect={false}
                  onChange={(v) => {
                    const field = (v ?? 'quantity') as AutomationField;
                    const keepOp = field === 'quantity' || draft.operator === '==' || draft.operator === '!=';
                    setDraft({ ...draft, field, operator: keepOp ? draft.operator : '==' });
                  }}
                />
                <Select
                  label={t('automations.operator')}
                  data={operators.map((o) => ({ value: o, label: t(`automations.operators.${o}`) }))}
                  value={draft.operator}
                  allowDeselect={false}
                  onChange={(v) => setDraft({ ...draft, operator: (v ?? '==') as AutomationOperator })}
                />
                <TextInput
                  label={t('automations.value')}
                  value={draft.value}
                  onChange={(e) => setDraft({ ...draft, value: e.currentTarget.value })}
                />
              </Group>
              <SegmentedControl
                aria-label={t('automations.actionType')}
                value={draft.type}
                onChange={(v) => setDraft({ ...draft, type: v as Draft['type'] })}
                data={[
                  { value: 'change', label: t('automations.types.change') },
                  { value: 'add', label: t('automations.types.add') },
                ]}
              />
              {draft.type === 'change' ? (
                <Group grow align="flex-end">
                  <Select
                    label={t('automations.changeField')}
                    data={AUTOMATION_CHANGE_FIELDS.map((f) => ({
                      value: f,
                      label: t(`automations.changeFields.${f}`),
                    }))}
                    value={draft.changeField}
                    allowDeselect={false}
                    onChange={(v) =>
                      setDraft({
                        ...draft,
                        changeField: (v ?? 'selected_ship_option') as AutomationChangeField,
                        changeValue: null,
                      })
                    }
                  />
                  <Select
                    label={t('automations.changeValue')}
                    searchable
                    data={
                      draft.changeField === 'selected_ship_option'
                        ? methods.map((m) => ({ value: m.code, label: `${m.name} (${m.code})` }))
                        : boxes.map((b) => ({ value: b.id, label: b.name }))
                    }
                    value={draft.changeValue}
                    onChange={(v) => setDraft({ ...draft, changeValue: v })}
                  />
                </Group>
              ) : (
                <Group grow align="flex-end">
                  <Select
                    label={t('automations.addEan')}
                    searchable
                    searchValue={search}
                    onSearchChange={setSearch}
                    filter={({ options }) => options}
                    data={productOptions}
                    value={draft.addEan}
                    onChange={(v) => setDraft({ ...draft, addEan: v })}
                  />
                  <NumberInput
                    label={t('automations.factor')}
                    description={t('automations.factorHint')}
                    min={1}
                    max={100}
                    allowDecimal={false}
                    value={draft.factor}
                    onChange={(v) => setDraft({ ...draft, factor: typeof v === 'number' && v >= 1 ? v : 1 })}
                  />
                </Group>
              )}
              {(problem ?? refused) && (
                <Text c="red" size="sm" role="alert">
                  {problem ?? (refused ? problemText(refused) : null)}
                </Text>
              )}
              <Group justify="flex-end">
                <Button variant="default" onClick={() => setDraft(null)}>
                  {t('automations.cancel')}
                </Button>
                <Button onClick={submit} loading={save.isPending}>
                  {t('automations.save')}
                </Button>
              </Group>
            </Stack>
          </Paper>
        )}
      </Stack>
    </Paper>
  );
}
