import { Badge, Button, NativeSelect, Table, Text, TextInput } from '@mantine/core';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { stableMarkup } from '../../../test/markup.tsx';

import {
  CardBadge,
  CardButton,
  CardNativeSelect,
  CardNumberInput,
  CardTbody,
  CardTd,
  CardText,
  CardTh,
  CardThead,
  CardTr,
} from './card-markup.tsx';

/** The markup with the field's generated id (Mantine's random one, React's own) replaced by `ID`. */
const fieldMarkup = (ui: ReactNode) =>
  stableMarkup(ui, { generated: (root) => root.querySelector('select, input')?.getAttribute('id') });

/** The markup `ui` renders inside the portal's providers, attributes and style declarations in a stable order. */
const markup = (ui: ReactNode) => stableMarkup(ui);

/** Mantine's table around `rows`, as the card renders it. */
function InTable({ children }: { children: ReactNode }) {
  return (
    <Table fz="sm" verticalSpacing={4} horizontalSpacing={6}>
      {children}
    </Table>
  );
}

describe("the order card's plain markup renders what Mantine's components render (ADR 0071)", () => {
  it('NativeSelect and the number TextInput, enabled and disabled (ADR 0109)', () => {
    const data = [
      { value: '', label: 'Choose a method', disabled: true },
      { value: 'PN-1', label: 'PostNL pakket NL' },
    ];
    const style = { flex: 1, minWidth: 0 };
    for (const disabled of [false, true]) {
      for (const value of ['', 'PN-1'])
        expect(
          fieldMarkup(
            <CardNativeSelect
              label="Shipment method"
              data={data}
              value={value}
              onChange={() => {}}
              disabled={disabled}
              style={style}
            />,
          ),
        ).toBe(
          fieldMarkup(
            <NativeSelect
              label="Shipment method"
              data={data}
              value={value}
              onChange={() => {}}
              disabled={disabled}
              size="xs"
              style={style}
            />,
          ),
        );
      expect(
        fieldMarkup(
          <CardNumberInput
            label="Labels"
            value="2"
            min={1}
            max={20}
            step={1}
            disabled={disabled}
            onChange={() => {}}
            onBlur={() => {}}
            onKeyDown={() => {}}
          />,
        ),
      ).toBe(
        fieldMarkup(
          <TextInput
            label="Labels"
            type="number"
            inputMode="numeric"
            min={1}
            max={20}
            step={1}
            value="2"
            disabled={disabled}
            onChange={() => {}}
            size="xs"
            w={72}
          />,
        ),
      );
    }
  });

  it('Button without a loader (ADR 0109)', () => {
    const icon = <svg aria-hidden="true" />;
    const pairs: [ReactNode, ReactNode][] = [
      [
        <CardButton
          key="p"
          size="compact-xs"
          variant="default"
          aria-label="Packing list (P)"
          title="Packing list (P)"
        >
          P
        </CardButton>,
        <Button
          key="p"
          size="compact-xs"
          variant="default"
          aria-label="Packing list (P)"
          title="Packing list (P)"
        >
          P
        </Button>,
      ],
      [
        <CardButton key="n" size="compact-xs" variant="light" leftSection={icon}>
          Note
        </CardButton>,
        <Button key="n" size="compact-xs" variant="light" leftSection={icon}>
          Note
        </Button>,
      ],
      [
        <CardButton key="b" size="xs" variant="light" color="blue">
          bol.com label options
        </CardButton>,
        <Button key="b" size="xs" variant="light" color="blue">
          bol.com label options
        </Button>,
      ],
      [
        <CardButton key="d" size="xs" variant="light" color="blue" disabled>
          bol.com label options
        </CardButton>,
        <Button key="d" size="xs" variant="light" color="blue" disabled>
          bol.com label options
        </Button>,
      ],
    ];
    for (const [plain, mantine] of pairs) expect(markup(plain)).toBe(markup(mantine));
  });

  it('Text', () => {
    expect(
      markup(
        <CardText size="lg" fw={700}>
          BOL-1
        </CardText>,
      ),
    ).toBe(
      markup(
        <Text size="lg" fw={700}>
          BOL-1
        </Text>,
      ),
    );
    for (const c of ['dimmed', 'violet.8', 'orange.8'])
      expect(
        markup(
          <CardText size="xs" c={c}>
            x
          </CardText>,
        ),
      ).toBe(
        markup(
          <Text size="xs" c={c}>
            x
          </Text>,
        ),
      );
    expect(
      markup(
        <CardText size="sm" title="full title" style={{ whiteSpace: 'pre-line' }}>
          a
        </CardText>,
      ),
    ).toBe(
      markup(
        <Text size="sm" title="full title" style={{ whiteSpace: 'pre-line' }}>
          a
        </Text>,
      ),
    );
  });

  it('Badge in each variant the card uses', () => {
    expect(markup(<CardBadge color="teal">Label</CardBadge>)).toBe(markup(<Badge color="teal">Label</Badge>));
    expect(
      markup(
        <CardBadge color="blue" variant="filled">
          Next
        </CardBadge>,
      ),
    ).toBe(
      markup(
        <Badge color="blue" variant="filled">
          Next
        </Badge>,
      ),
    );
    expect(
      markup(
        <CardBadge color="gray" variant="light" plainCase>
          bol
        </CardBadge>,
      ),
    ).toBe(
      markup(
        <Badge color="gray" variant="light" tt="none">
          bol
        </Badge>,
      ),
    );
    expect(
      markup(
        <CardBadge color="red" variant="outline" size="xs">
          Cancel
        </CardBadge>,
      ),
    ).toBe(
      markup(
        <Badge color="red" variant="outline" size="xs">
          Cancel
        </Badge>,
      ),
    );
    expect(
      markup(
        <CardBadge color="green" variant="light" size="sm" plainCase labelStyle={{ overflow: 'visible' }}>
          Picked
        </CardBadge>,
      ),
    ).toBe(
      markup(
        <Badge color="green" variant="light" size="sm" tt="none" styles={{ label: { overflow: 'visible' } }}>
          Picked
        </Badge>,
      ),
    );
  });

  it('table rows and cells', () => {
    const plain = markup(
      <InTable>
        <CardThead>
          <CardTr>
            <CardTh>Product</CardTh>
            <CardTh ta="right">Qty</CardTh>
            <CardTh style={{ width: 1, whiteSpace: 'nowrap' }}>Picked</CardTh>
          </CardTr>
        </CardThead>
        <CardTbody>
          <CardTr style={{ opacity: 0.45, background: 'var(--mantine-color-blue-0)' }}>
            <CardTd>a</CardTd>
            <CardTd monospace fz="xs">
              871
            </CardTd>
            <CardTd ta="right" fw={800}>
              2
            </CardTd>
            <CardTd style={{ whiteSpace: 'nowrap' }}>b</CardTd>
          </CardTr>
        </CardTbody>
      </InTable>,
    );
    const mantine = markup(
      <InTable>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Product</Table.Th>
            <Table.Th ta="right">Qty</Table.Th>
            <Table.Th style={{ width: 1, whiteSpace: 'nowrap' }}>Picked</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          <Table.Tr style={{ opacity: 0.45, background: 'var(--mantine-color-blue-0)' }}>
            <Table.Td>a</Table.Td>
            <Table.Td ff="monospace" fz="xs">
              871
            </Table.Td>
            <Table.Td ta="right" fw={800}>
              2
            </Table.Td>
            <Table.Td style={{ whiteSpace: 'nowrap' }}>b</Table.Td>
          </Table.Tr>
        </Table.Tbody>
      </InTable>,
    );
    expect(plain).toContain('mantine-Table-td');
    expect(plain).toBe(mantine);
  });
});
