import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderUi } from '../../test/render.tsx';
import { CarrierStatusIcons, eventIcon } from './carrier-status-icons.tsx';

describe('CarrierStatusIcons (spec 1 §2 Order detail)', () => {
  it('draws one icon per distinct event code, in the order first seen', () => {
    renderUi(
      <CarrierStatusIcons
        events={[
          { code: 'A01', description: 'Label aangemaakt' },
          { code: 'B01', description: 'Overgedragen' },
          { code: 'A01', description: 'Label aangemaakt' },
          { code: 'X42', description: 'Onbekend' },
        ]}
      />,
      { path: '/shipments/x' },
    );
    const items = screen.getAllByRole('listitem');
    expect(items.map((i) => i.getAttribute('data-code'))).toEqual(['A01', 'B01', 'X42']);
    expect(screen.getByLabelText('B01: Overgedragen')).toBeTruthy();
  });

  it('gives the five known codes their own icon and any other code the default', () => {
    expect(eventIcon('I11').icon).toBe('delivered');
    expect(eventIcon('J05').icon).toBe('truck');
    expect(eventIcon('Z99').icon).toBe('dot');
    expect(eventIcon('01B').icon).toBe('delivered');
  });
});
