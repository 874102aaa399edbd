/**
 * The organisation wizard's form rules (spec 3 §3 wizard model, §4 steps and conditional questions, §5 required
 * fields), pure so they are tested without a browser: the form's values, the body they make for `POST /orgs` /
 * `PUT /orgs`, the problems of one step (core's `orgWizardProblems`, the API's own rules) and the values of a stored
 * shop for /settings/org.
 */
import {
  internationalPhone as corePhone,
  DEFAULT_PHONE_COUNTRY,
  type OrgDetail,
  type OrgWizardInput,
  type OrgWizardStep,
  orgWizardProblems,
  PHONE_MESSAGE,
} from '@hoppa/core';

/** One contact as the form holds it. */
export interface ContactValues {
  name: string;
  email: string;
  contact_number: string;
  role: string;
  invite_user: boolean;
}

/** An upload the user chose: base64 data, extension or file name, and (for a logo) a preview URL. */
export interface LogoValue {
  img_data: string;
  img_ext: 'png' | 'jpeg' | 'jpg' | 'svg';
  preview: string;
}
export interface VatDocValue {
  data: string;
  file_name: string;
}

/** The wizard's form values: strings for text and choices ('' = not answered), booleans, nested address. */
export interface OrgWizardValues {
  vat_id: string;
  coc_number: string;
  name: string;
  website: string;
  industry: string;
  /** A new logo; null: none chosen (or removed, see `logoChanged`). */
  logo: LogoValue | null;
  logoChanged: boolean;
  vatDoc: VatDocValue | null;
  vatDocChanged: boolean;
  contacts: ContactValues[];
  sku_count: string;
  annual_orders: string;
  country: string;
  preferred_shipping_carrier: string;
  special_packaging: string;
  pallets_in_storage: number | '';
  storage_duration: string;
  pallet_change_frequency: string;
  /** 'yes' / 'no', '' until answered. */
  returns_policy: '' | 'yes' | 'no';
  handel_defect_returns: string;
  handel_sellable_returns: string;
  require_original_packaging: boolean;
  return_window: string;
  return_window_days: number | '';
  return_shipping_cost: string;
  return_processing: string;
  return_conditions: string;
  return_processing_time: string;
  return_support_email: string;
  return_support_phone: string;
  expected_order_growth: string;
  expansion_plans: string;
  address: {
    street: string;
    houseNumber: string;
    postalCode: string;
    city: string;
    country: string;
    email: string;
    billing_email: string;
  };
  notSameBilling_email: boolean;
  notSameBilling: boolean;
  billingAddress: { postalCode: string; houseNumber: string; street: string; city: string };
}

/** An empty contact (role General, no invitation). */
export function emptyContact(): ContactValues {
  return { name: '', email: '', contact_number: '', role: 'General', invite_user: false };
}

/** The values of a new wizard; the first contact and the address e-mail start from the signed-up user. */
export function emptyWizard(user?: { name: string; email: string; phone?: string | null }): OrgWizardValues {
  return {
    vat_id: '',
    coc_number: '',
    name: '',
    website: '',
    industry: '',
    logo: null,
    logoChanged: false,
    vatDoc: null,
    vatDocChanged: false,
    contacts: [
      user
        ? { ...emptyContact(), name: user.name, email: user.email, contact_number: user.phone ?? '' }
        : emptyContact(),
    ],
    sku_count: '',
    annual_orders: '',
    country: '',
    preferred_shipping_carrier: '',
    special_packaging: '',
    pallets_in_storage: '',
    storage_duration: '',
    pallet_change_frequency: '',
    returns_policy: '',
    handel_defect_returns: '',
    handel_sellable_returns: '',
    require_original_packaging: false,
    return_window: '',
    return_window_days: '',
    return_shipping_cost: '',
    return_processing: '',
    return_conditions: '',
    return_processing_time: '',
    return_support_email: '',
    return_support_phone: '',
    expected_order_growth: '',
    expansion_plans: '',
    address: {
      street: '',
      houseNumber: '',
      postalCode: '',
      city: '',
      country: 'NL',
      email: user?.email ?? '',
      billing_email: '',
    },
    notSameBilling_email: false,
    notSameBilling: false,
    billingAddress: { postalCode: '', houseNumber: '', street: '', city: '' },
  };
}

/**
 * A phone number as the phone field sends it (spec 3 §9 'phone input defaults to nl'; core `internationalPhone` with
 * the default country): a national number (`06 1234 5678`) becomes international (`+31 6 1234 5678`), `00` becomes
 * `+`. The wizard's phone fields already hold this form (the shared PhoneField); a stored shop's older national
 * number is sent the same way.
 */
export function internationalPhone(phone: string): string {
  return corePhone(DEFAULT_PHONE_COUNTRY, phone);
}

const text = (s: string): string | undefined => (s.trim() === '' ? undefined : s.trim());
const choice = <T extends string>(s: string): T | undefined => (s === '' ? undefined : (s as T));

/**
 * The request body of the form's values. `mode: 'edit'` sends an upload only when it changed (null removes it);
 * answers of hidden questions are still sent as they are (the API drops them, spec 3 §4).
 */
export function wizardBody(v: OrgWizardValues, mode: 'create' | 'edit' = 'create'): OrgWizardInput {
  const logo = v.logo ? { img_data: v.logo.img_data, img_ext: v.logo.img_ext } : null;
  const doc = v.vatDoc ? { data: v.vatDoc.data, file_name: v.vatDoc.file_name } : null;
  return {
    vat_id: v.vat_id.trim(),
    coc_number: v.coc_number.trim(),
    name: v.name,
    website: text(v.website),
    industry: choice(v.industry) as OrgWizardInput['industry'],
    ...(mode === 'create'
      ? logo
        ? { company_logo: logo }
        : {}
      : v.logoChanged
        ? { company_logo: logo }
        : {}),
    ...(mode === 'create'
      ? doc
        ? { vat_exemption_doc: doc }
        : {}
      : v.vatDocChanged
        ? { vat_exemption_doc: doc }
        : {}),
    contacts: v.contacts.map((c) => ({
      name: c.name,
      email: c.email.trim(),
      contact_number: internationalPhone(c.contact_number),
      role: choice(c.role) as OrgWizardInput['contacts'][number]['role'],
      invite_user: c.invite_user,
    })),
    sku_count: choice(v.sku_count) as OrgWizardInput['sku_count'],
    annual_orders: choice(v.annual_orders) as OrgWizardInput['annual_orders'],
    country: choice(v.country) as OrgWizardInput['country'],
    preferred_shipping_carrier: choice(v.preferred_shipping_carrier),
    special_packaging: text(v.special_packaging),
    pallets_in_storage: v.pallets_in_storage === '' ? undefined : v.pallets_in_storage,
    storage_duration: choice(v.storage_duration),
    pallet_change_frequency: choice(v.pallet_change_frequency),
    returns_policy: (v.returns_policy === '' ? undefined : v.returns_policy === 'yes') as boolean,
    handel_defect_returns: choice(v.handel_defect_returns),
    handel_sellable_returns: choice(v.handel_sellable_returns),
    require_original_packaging: v.require_original_packaging,
    return_window: choice(v.return_window),
    return_window_days:
      v.return_window === 'custom' && v.return_window_days !== '' ? v.return_window_days : undefined,
    return_shipping_cost: choice(v.return_shipping_cost),
    return_processing: choice(v.return_processing),
    return_conditions: text(v.return_conditions),
    return_processing_time: choice(v.return_processing_time),
    return_support_email: text(v.return_support_email),
    return_support_phone: text(v.return_support_phone) && internationalPhone(v.return_support_phone),
    expected_order_growth: choice(v.expected_order_growth),
    expansion_plans: text(v.expansion_plans),
    address: {
      street: v.address.street,
      houseNumber: v.address.houseNumber,
      postalCode: v.address.postalCode,
      city: v.address.city,
      country: v.address.country || 'NL',
      email: v.address.email.trim(),
      ...(v.notSameBilling_email && text(v.address.billing_email)
        ? { billing_email: v.address.billing_email.trim() }
        : {}),
    },
    notSameBilling_email: v.notSameBilling_email,
    notSameBilling: v.notSameBilling,
    ...(v.notSameBilling ? { billingAddress: v.billingAddress } : {}),
  };
}

/** Why a field is refused, as a text key of `common:validation` or the API's own English message. */
export type StepProblem = { path: string; code: 'required' | 'email' | 'phone' | 'format'; message: string };

function valueAt(values: unknown, path: string): unknown {
  return path.split('.').reduce<unknown>((o, k) => (o as Record<string, unknown> | undefined)?.[k], values);
}

/**
 * The problems of step `step` of the form's values (every step when omitted), by form path (`contacts.0.email`,
 * `address.city`), as the API would refuse them (core `orgWizardProblems`): an empty field is `required`, a bad
 * e-mail `email`, a bad phone number `phone`, anything else `format` with the API's message.
 */
export function stepProblems(
  v: OrgWizardValues,
  step?: OrgWizardStep,
  mode: 'create' | 'edit' = 'create',
): StepProblem[] {
  const body = wizardBody(v, mode);
  return orgWizardProblems(body, step).map(({ path, message }) => {
    // The form keeps the returns answer under its own name, and the billing address as one group.
    const value = valueAt(body, path);
    const empty = value === undefined || value === '' || (Array.isArray(value) && value.length === 0);
    const code = empty
      ? 'required'
      : message === 'Invalid email address!'
        ? 'email'
        : message === PHONE_MESSAGE
          ? 'phone'
          : 'format';
    return { path, code, message };
  });
}

/** The form's values of a stored shop (`GET /current_org`), for /settings/org. */
export function valuesOfOrg(org: OrgDetail): OrgWizardValues {
  const p = org.profile;
  const a = p.answers as Record<string, unknown>;
  const s = (k: string) => (typeof a[k] === 'string' ? (a[k] as string) : '');
  const addr = p.address as Record<string, string | undefined>;
  const base = emptyWizard();
  return {
    ...base,
    vat_id: p.vat_id ?? '',
    coc_number: p.coc_number ?? '',
    name: org.name,
    website: p.website ?? '',
    industry: p.industry ?? '',
    contacts: p.contacts.length
      ? p.contacts.map((c) => ({
          name: c.name,
          email: c.email,
          contact_number: c.contact_number,
          role: c.role,
          invite_user: c.invite_user,
        }))
      : base.contacts,
    sku_count: s('sku_count'),
    annual_orders: s('annual_orders'),
    country: s('country'),
    preferred_shipping_carrier: s('preferred_shipping_carrier'),
    special_packaging: s('special_packaging'),
    pallets_in_storage: typeof a.pallets_in_storage === 'number' ? a.pallets_in_storage : '',
    storage_duration: s('storage_duration'),
    pallet_change_frequency: s('pallet_change_frequency'),
    returns_policy: a.returns_policy === true ? 'yes' : a.returns_policy === false ? 'no' : '',
    handel_defect_returns: s('handel_defect_returns'),
    handel_sellable_returns: s('handel_sellable_returns'),
    require_original_packaging: a.require_original_packaging === true,
    return_window: s('return_window'),
    return_window_days: typeof a.return_window_days === 'number' ? a.return_window_days : '',
    return_shipping_cost: s('return_shipping_cost'),
    return_processing: s('return_processing'),
    return_conditions: s('return_conditions'),
    return_processing_time: s('return_processing_time'),
    return_support_email: s('return_support_email'),
    return_support_phone: s('return_support_phone'),
    expected_order_growth: s('expected_order_growth'),
    expansion_plans: s('expansion_plans'),
    address: {
      street: addr.street ?? '',
      houseNumber: addr.houseNumber ?? '',
      postalCode: addr.postalCode ?? '',
      city: addr.city ?? '',
      country: addr.country ?? 'NL',
      email: addr.email ?? '',
      billing_email: addr.billing_email ?? '',
    },
    notSameBilling_email: p.notSameBilling_email,
    notSameBilling: p.notSameBilling,
    billingAddress: {
      postalCode: p.billingAddress?.postalCode ?? '',
      houseNumber: p.billingAddress?.houseNumber ?? '',
      street: p.billingAddress?.street ?? '',
      city: p.billingAddress?.city ?? '',
    },
  };
}
