import type { OrgWizardInput } from '@hoppa/core';

/**
 * A complete organisation wizard body (spec 3 §3, §5 required fields) for tests, with a returns policy; `change`
 * replaces top-level fields.
 */
export function wizardBody(name: string, change: Partial<OrgWizardInput> = {}): OrgWizardInput {
  return {
    vat_id: 'NL123456789B01',
    coc_number: '12345678',
    name,
    website: 'https://kaas.example.nl',
    industry: 'food',
    contacts: [
      { name: 'Kees Kaas', email: 'kees@kaas.nl', contact_number: '+31 (6) 1234-5678', role: 'General' },
    ],
    sku_count: '51_250',
    annual_orders: '1000_10000',
    country: 'NL',
    preferred_shipping_carrier: 'postnl',
    pallets_in_storage: 4,
    storage_duration: '1_3_months',
    pallet_change_frequency: 'monthly',
    returns_policy: true,
    handel_defect_returns: 'destroy',
    handel_sellable_returns: 'inbound_same',
    require_original_packaging: true,
    return_window: '30',
    return_shipping_cost: 'customer',
    return_processing: 'refund',
    return_processing_time: '1_3',
    return_support_email: 'retour@kaas.nl',
    expected_order_growth: 'moderate',
    address: {
      street: 'Kaasmarkt',
      houseNumber: '1',
      postalCode: '2801 AB',
      city: 'Gouda',
      country: 'NL',
      email: 'info@kaas.nl',
    },
    ...change,
  };
}
