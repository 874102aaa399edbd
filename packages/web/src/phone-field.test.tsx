import { MantineProvider } from '@mantine/core';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it } from 'vitest';
import { createI18n } from './i18n.ts';
import { PhoneField } from './phone-field.tsx';

afterEach(cleanup);

/** An address form's phone and country, as the new order form holds them; `changes` records what the form received. */
function AddressPhone({ phone, country, changes }: { phone: string; country: string; changes: string[] }) {
  const [value, setValue] = useState(phone);
  const [addressCountry, setAddressCountry] = useState(country);
  return (
    <I18nextProvider i18n={createI18n({}, 'en')}>
      <MantineProvider>
        <button type="button" onClick={() => setAddressCountry('NL')}>
          to NL
        </button>
        <PhoneField
          label="Phone"
          value={value}
          addressCountry={addressCountry}
          onChange={(v) => {
            changes.push(v);
            setValue(v);
          }}
        />
      </MantineProvider>
    </I18nextProvider>
  );
}

const countrySelect = () =>
  screen.getByRole('combobox', { name: 'Phone: Country code' }) as HTMLSelectElement;
const number = () => screen.getByRole('textbox', { name: 'Phone' }) as HTMLInputElement;

describe('PhoneField with an address country (spec 3 §5, §9)', () => {
  it("shows an imported number without a calling code in the address's country, and keeps it there when edited", () => {
    const changes: string[] = [];
    render(<AddressPhone phone="0470 12 34 56" country="BE" changes={changes} />);
    expect(countrySelect().value).toBe('be');
    expect(number().value).toBe('0470 12 34 56');
    fireEvent.change(number(), { target: { value: '0470 12 34 57' } });
    expect(changes).toEqual(['+32 470 12 34 57']);
    expect(countrySelect().value).toBe('be');
  });

  it('follows the address country while the number has no calling code; a number with one keeps its own', () => {
    render(<AddressPhone phone="0470 12 34 56" country="BE" changes={[]} />);
    fireEvent.click(screen.getByRole('button', { name: 'to NL' }));
    expect(countrySelect().value).toBe('nl');
    cleanup();
    render(<AddressPhone phone="+49 30 123456" country="BE" changes={[]} />);
    expect(countrySelect().value).toBe('de');
    expect(number().value).toBe('030 123456');
  });
});

describe('PhoneField in a narrow column (floor direct check-in at 360 px, spec 2 §2 Direct check-in)', () => {
  it('lets the number shrink to what the country select leaves, so the row never overflows its container', () => {
    render(
      <I18nextProvider i18n={createI18n({}, 'en')}>
        <MantineProvider>
          <PhoneField label="Phone" size="lg" value="" onChange={() => undefined} />
        </MantineProvider>
      </I18nextProvider>,
    );
    // jsdom lays nothing out: the rules that make it fit are checked, the fit itself in the inbound check-in journey.
    const row = number().closest('[data-phone-field]') as HTMLElement;
    expect(row.style.minWidth).toMatch(/^0(px)?$/);
    expect(row.style.maxWidth).toBe('100%');
    const numberRoot = [...row.children].find((c) => c.contains(number())) as HTMLElement;
    expect(numberRoot.style.minWidth).toMatch(/^0(px)?$/);
    const selectRoot = [...row.children].find((c) => c.contains(countrySelect())) as HTMLElement;
    expect(selectRoot.style.flexShrink).toBe('0');
  });
});

describe('PhoneField label and error (ADR 0142)', () => {
  it('labels the whole row, not the number alone, and ties the label and its error to the number input', () => {
    render(
      <I18nextProvider i18n={createI18n({}, 'en')}>
        <MantineProvider>
          <PhoneField
            label="Phone"
            value=""
            error="Please enter a valid phone number"
            onChange={() => undefined}
          />
        </MantineProvider>
      </I18nextProvider>,
    );
    const row = number().closest('[data-phone-field]') as HTMLElement;
    const label = screen.getByText('Phone', { selector: 'label' });
    // Above the row (aligned with the form's other labels), not inside it above the number.
    expect(row.contains(label)).toBe(false);
    expect(label.compareDocumentPosition(row) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(number().getAttribute('aria-invalid')).toBe('true');
    const described = document.getElementById(number().getAttribute('aria-describedby') ?? '');
    expect(described?.textContent).toBe('Please enter a valid phone number');
  });
});

describe('PhoneField checks its own rule on blur (spec 3 §5)', () => {
  it('shows "Please enter a valid phone number" under the row once a number with letters is left', () => {
    render(<AddressPhone phone="" country="NL" changes={[]} />);
    fireEvent.change(number(), { target: { value: '06-abc' } });
    fireEvent.blur(number());
    expect(screen.getByText('Please enter a valid phone number')).toBeTruthy();
    expect(number().getAttribute('aria-invalid')).toBe('true');
  });
});
