/**
 * The organisation wizard's model (spec 3 §3 'Organisation wizard model', §4 wizard steps and conditional questions,
 * §5 required fields, §9 seven steps): one body for `POST /orgs` (create) and `PUT /orgs` (edit the current shop), so
 * the portal's wizard, its /settings/org page and the API refuse exactly the same things (docs/decisions/0051).
 */
import { z } from 'zod';
import { phoneField } from '../common/phone.ts';
import { reasonParams } from '../common/reason.ts';
import { boundedText, nameText, noteText } from '../common/text.ts';
import { OrgSchema } from './org.schema.ts';

/** Industries a shop can name (spec 3 §3 'industries'; option texts not shown, ours in the portal's i18n). */
export const ORG_INDUSTRIES = [
  'fashion',
  'beauty',
  'food',
  'home',
  'electronics',
  'sports',
  'toys',
  'health',
  'books',
  'pets',
  'other',
] as const;
/** SKU count bands (spec 3 §3 'SKU count bands'). */
export const ORG_SKU_BANDS = ['1_50', '51_250', '251_1000', '1001_5000', '5000_plus'] as const;
/** Annual order volume bands (spec 3 §3 'annual order volume bands'). */
export const ORG_ORDER_BANDS = ['lt_1000', '1000_10000', '10000_50000', '50000_100000', 'gt_100000'] as const;
/** Where the goods come from (spec 3 §3 'origin countries NL, CN, DE, BE, UK, OTH'). */
export const ORG_ORIGIN_COUNTRIES = ['NL', 'CN', 'DE', 'BE', 'UK', 'OTH'] as const;
/** Preferred carriers (spec 3 §3 'carriers dhl, postnl, dpd, ups, fedex, other'). */
export const ORG_CARRIERS = ['dhl', 'postnl', 'dpd', 'ups', 'fedex', 'other'] as const;
/** How long goods stay in storage (spec 3 §3 'storage duration'). */
export const ORG_STORAGE_DURATIONS = [
  'lt_1_month',
  '1_3_months',
  '3_6_months',
  '6_12_months',
  'gt_12_months',
] as const;
/** How often a pallet is changed (spec 3 §3 'pallet rotation'). */
export const ORG_PALLET_ROTATIONS = ['weekly', 'monthly', 'quarterly', 'yearly', 'rarely'] as const;
/** Expected growth of the order volume (spec 3 §3 'growth path'). */
export const ORG_GROWTH_PATHS = ['stable', 'moderate', 'fast', 'seasonal'] as const;
/** A contact's role (spec 3 §3: General, Finance, Technical or Support). */
export const ORG_CONTACT_ROLES = ['General', 'Finance', 'Technical', 'Support'] as const;
/** What happens to defective returns (spec 3 §3 handel_defect_returns, spelled so). */
export const DEFECT_RETURN_HANDLING = ['keep', 'destroy'] as const;
/** What happens to sellable returns (spec 3 §3 handel_sellable_returns). */
export const SELLABLE_RETURN_HANDLING = [
  'inbound_same',
  'inbound_other',
  'keep_different',
  'destroy',
] as const;
/** Return windows in days, or custom (spec 3 §3, §9). */
export const RETURN_WINDOWS = ['7', '14', '30', '60', '90', 'custom'] as const;
/** Who pays the return shipment (spec 3 §3). */
export const RETURN_SHIPPING_COST = ['customer', 'business', 'depends'] as const;
/** How a return is settled (spec 3 §3). */
export const RETURN_PROCESSING = ['refund', 'store_credit', 'exchange'] as const;
/** How long processing a return takes (spec 3 §3). */
export const RETURN_PROCESSING_TIME = ['same_day', '1_3', '3_5', '7_10'] as const;
/** Logo file types (spec 3 §5 'Logo accepts PNG, JPEG or SVG'). */
export const ORG_LOGO_EXTS = ['png', 'jpeg', 'jpg', 'svg'] as const;
/** Largest logo, bytes (after decoding). */
export const ORG_LOGO_MAX_BYTES = 2 * 1024 * 1024;
/** Largest VAT exemption PDF, bytes (after decoding). */
export const ORG_VAT_DOC_MAX_BYTES = 5 * 1024 * 1024;
/** Most contacts a shop keeps. */
export const ORG_CONTACTS_MAX = 10;
/** The wizard's steps, index 0 to 6 (spec 3 §2, §4, §9: seven steps). */
export const ORG_WIZARD_STEPS = [
  'company',
  'contacts',
  'products',
  'storage',
  'returns',
  'growth',
  'address',
] as const;
export type OrgWizardStep = (typeof ORG_WIZARD_STEPS)[number];

const required = (label: string, max = 200) => boundedText(label, max, { min: 1 });
const email = (label: string) => required(label, 254).pipe(z.email('Invalid email address!'));
const base64 = (label: string, maxBytes: number) =>
  z
    .string({ error: `${label} is required` })
    .max(Math.ceil((maxBytes * 4) / 3) + 4, `${label} is too large`)
    .regex(/^[A-Za-z0-9+/]*={0,2}$/, `${label} must be base64`);

/** One contact of the shop (spec 3 §3 contacts; §5 name, email, contact_number and role required). */
export const OrgContactInputSchema = z.object({
  name: required('Contact name'),
  email: email('Contact email'),
  contact_number: required('Contact number', 30).pipe(phoneField()),
  role: z.enum(ORG_CONTACT_ROLES, { error: 'Choose a role' }),
  /** Invite this contact as a user of the shop (the invitation itself is the users module's `inviteUser`). */
  invite_user: z.boolean().default(false),
});

/** The shop's address (spec 3 §3 address; §5 every field but billing_email required, country default NL). */
export const OrgWizardAddressSchema = z.object({
  street: required('Street'),
  houseNumber: required('House number', 20),
  postalCode: required('Postal code', 20),
  city: required('City'),
  country: required('Country', 2).default('NL'),
  email: email('Email'),
  /** A second address for invoices; required when `notSameBilling_email` (spec 3 §4). */
  billing_email: z.union([z.literal(''), email('Billing email')]).optional(),
});

/** The separate billing address (spec 3 §3 billingAddress; shown and required only when `notSameBilling`). */
export const OrgBillingAddressSchema = z.object({
  postalCode: required('Postal code', 20),
  houseNumber: required('House number', 20),
  street: required('Street'),
  city: required('City'),
});

/** The logo as the wizard sends it (spec 3 §3 temp_company_logo → company_logo {img_data, img_ext}). */
export const OrgLogoInputSchema = z.object({
  img_data: base64('Logo', ORG_LOGO_MAX_BYTES),
  img_ext: z.enum(ORG_LOGO_EXTS, { error: 'Logo accepts PNG, JPEG or SVG' }),
});

/** The VAT exemption document as the wizard sends it (spec 3 §3 vat_exemption_doc; §5 a PDF). */
export const OrgVatDocInputSchema = z.object({
  data: base64('VAT exemption document', ORG_VAT_DOC_MAX_BYTES),
  file_name: boundedText('File name', 200, { min: 1 }),
});

const websiteSchema = z.union([
  z.literal(''),
  boundedText('Website', 300).pipe(z.url({ protocol: /^https?$/, error: 'Invalid website URL' })),
]);

/** The returns questions (spec 3 §3), required when `returns_policy` is true (spec 3 §5). */
const RETURN_FIELDS = {
  handel_defect_returns: z.enum(DEFECT_RETURN_HANDLING).optional(),
  handel_sellable_returns: z.enum(SELLABLE_RETURN_HANDLING).optional(),
  require_original_packaging: z.boolean().optional(),
  return_window: z.enum(RETURN_WINDOWS).optional(),
  /** Days of a custom return window (1–365), when `return_window` is 'custom'. */
  return_window_days: z.number().int().min(1).max(365).optional(),
  return_shipping_cost: z.enum(RETURN_SHIPPING_COST).optional(),
  return_processing: z.enum(RETURN_PROCESSING).optional(),
  return_conditions: noteText('Return conditions').optional(),
  return_processing_time: z.enum(RETURN_PROCESSING_TIME).optional(),
  return_support_email: z.union([z.literal(''), email('Return support email')]).optional(),
  return_support_phone: z.union([z.literal(''), phoneField()]).optional(),
};

/** The fields that need an answer when the shop has a returns policy (spec 3 §5). */
export const RETURN_REQUIRED_FIELDS = [
  'handel_defect_returns',
  'handel_sellable_returns',
  'return_window',
  'return_shipping_cost',
  'return_processing',
  'return_processing_time',
  'return_support_email',
] as const;

const wizardShape = {
  // Step 0: company (VAT number first: the EU VAT lookup fills the name).
  vat_id: required('VAT number', 20),
  coc_number: required('Chamber of Commerce number', 20),
  name: nameText('Name', 1),
  website: websiteSchema.optional(),
  industry: z.enum(ORG_INDUSTRIES, { error: 'Choose an industry' }),
  /** New logo; `null` removes the stored one (PUT), absent keeps it. */
  company_logo: OrgLogoInputSchema.nullable().optional(),
  /** New VAT exemption PDF; `null` removes the stored one (PUT), absent keeps it. */
  vat_exemption_doc: OrgVatDocInputSchema.nullable().optional(),
  // Step 1: contacts.
  contacts: z.array(OrgContactInputSchema).min(1, 'Add a contact').max(ORG_CONTACTS_MAX),
  // Step 2: products and shipping.
  sku_count: z.enum(ORG_SKU_BANDS, { error: 'Choose the number of products' }),
  annual_orders: z.enum(ORG_ORDER_BANDS, { error: 'Choose the order volume' }),
  country: z.enum(ORG_ORIGIN_COUNTRIES, { error: 'Choose where the goods come from' }),
  preferred_shipping_carrier: z.enum(ORG_CARRIERS).optional(),
  special_packaging: noteText('Special packaging').optional(),
  // Step 3: storage.
  pallets_in_storage: z.number().int().min(0).max(100_000).optional(),
  storage_duration: z.enum(ORG_STORAGE_DURATIONS).optional(),
  pallet_change_frequency: z.enum(ORG_PALLET_ROTATIONS).optional(),
  // Step 4: returns.
  returns_policy: z.boolean({ error: 'Say whether the shop has a returns policy' }),
  ...RETURN_FIELDS,
  // Step 5: growth.
  expected_order_growth: z.enum(ORG_GROWTH_PATHS).optional(),
  expansion_plans: noteText('Expansion plans').optional(),
  // Step 6: address and billing.
  address: OrgWizardAddressSchema,
  notSameBilling_email: z.boolean().default(false),
  notSameBilling: z.boolean().default(false),
  billingAddress: OrgBillingAddressSchema.optional(),
};

type WizardValues = z.infer<z.ZodObject<typeof wizardShape>>;

/** Adds an issue at `path` (spec 3 §5 conditional requirements). */
function need(ctx: z.core.$RefinementCtx, path: (string | number)[], message: string): void {
  ctx.addIssue({ code: 'custom', path, message, input: undefined, params: reasonParams('missing') });
}

/** The conditional rules of spec 3 §4/§5 over a parsed wizard body. */
function conditionalRules(v: WizardValues, ctx: z.core.$RefinementCtx): void {
  if (v.returns_policy) {
    for (const f of RETURN_REQUIRED_FIELDS) {
      const value = v[f];
      if (value === undefined || value === '') need(ctx, [f], 'This field is required!');
    }
    if (v.return_window === 'custom' && v.return_window_days === undefined)
      need(ctx, ['return_window_days'], 'This field is required!');
  }
  if (v.notSameBilling_email && !v.address.billing_email)
    need(ctx, ['address', 'billing_email'], 'This field is required!');
  if (v.notSameBilling && !v.billingAddress) need(ctx, ['billingAddress'], 'This field is required!');
}

/**
 * `POST /orgs` and `PUT /orgs` body: the seven steps' answers (spec 3 §3 Organisation wizard model). Required per
 * spec 3 §5: name, industry, vat_id, coc_number, each contact's name, email, contact_number and role, sku_count,
 * annual_orders, country, the address (street, houseNumber, postalCode, city, country, email), returns_policy; when
 * `returns_policy` the seven return answers of {@link RETURN_REQUIRED_FIELDS} (and the days of a custom window);
 * `address.billing_email` when `notSameBilling_email`; `billingAddress` when `notSameBilling`. Answers of a hidden
 * question (returns without a policy, a billing address not asked for) are dropped by the API, not stored.
 */
export const OrgWizardBodySchema = z.object(wizardShape).superRefine(conditionalRules);
export type OrgWizardBody = z.infer<typeof OrgWizardBodySchema>;
/** The body as typed before defaults (what the portal builds). */
export type OrgWizardInput = z.input<typeof OrgWizardBodySchema>;

/** Which step each top-level field of the wizard is asked on (spec 3 §4), for per-step checks in the portal. */
export const ORG_WIZARD_FIELD_STEP: Record<keyof typeof wizardShape, OrgWizardStep> = {
  vat_id: 'company',
  coc_number: 'company',
  name: 'company',
  website: 'company',
  industry: 'company',
  company_logo: 'company',
  vat_exemption_doc: 'company',
  contacts: 'contacts',
  sku_count: 'products',
  annual_orders: 'products',
  country: 'products',
  preferred_shipping_carrier: 'products',
  special_packaging: 'products',
  pallets_in_storage: 'storage',
  storage_duration: 'storage',
  pallet_change_frequency: 'storage',
  returns_policy: 'returns',
  handel_defect_returns: 'returns',
  handel_sellable_returns: 'returns',
  require_original_packaging: 'returns',
  return_window: 'returns',
  return_window_days: 'returns',
  return_shipping_cost: 'returns',
  return_processing: 'returns',
  return_conditions: 'returns',
  return_processing_time: 'returns',
  return_support_email: 'returns',
  return_support_phone: 'returns',
  expected_order_growth: 'growth',
  expansion_plans: 'growth',
  address: 'address',
  notSameBilling_email: 'address',
  notSameBilling: 'address',
  billingAddress: 'address',
};

/** One problem of a wizard body: the field path (`contacts.0.email`, `address.city`) and the English message. */
export interface OrgWizardProblem {
  path: string;
  message: string;
}

/**
 * The problems of a wizard body on `step` (every step when omitted), path by path (first problem per path), as
 * the API would refuse them (spec 3 §5). The portal's Next button runs it for the step on screen.
 */
export function orgWizardProblems(body: unknown, step?: OrgWizardStep): OrgWizardProblem[] {
  const r = OrgWizardBodySchema.safeParse(body);
  if (r.success) return [];
  const seen = new Set<string>();
  const out: OrgWizardProblem[] = [];
  for (const issue of r.error.issues) {
    const top = issue.path[0];
    if (typeof top !== 'string') continue;
    if (step && ORG_WIZARD_FIELD_STEP[top as keyof typeof wizardShape] !== step) continue;
    const path = issue.path.join('.');
    if (seen.has(path)) continue;
    seen.add(path);
    out.push({ path, message: issue.message });
  }
  return out;
}

/**
 * The wizard's answers as stored and answered (`GET /current_org`, `GET /orgs/profile/:id`): the body's fields
 * without the uploads, plus whether a logo and a VAT exemption document are stored and each contact's invitation
 * state (`requested` until the users module has sent it, then `sent`).
 */
export const OrgProfileSchema = z.object({
  vat_id: z.string().nullable(),
  coc_number: z.string().nullable(),
  website: z.string().nullable(),
  industry: z.string().nullable(),
  has_logo: z.boolean(),
  vat_exemption_doc: z.object({ file_name: z.string(), size: z.number().int() }).nullable(),
  contacts: z.array(
    z.object({
      name: z.string(),
      email: z.string(),
      contact_number: z.string(),
      role: z.string(),
      invite_user: z.boolean(),
      invite_status: z.enum(['none', 'requested', 'sent']),
    }),
  ),
  answers: z.record(z.string(), z.unknown()),
  address: z.record(z.string(), z.unknown()),
  notSameBilling_email: z.boolean(),
  notSameBilling: z.boolean(),
  billingAddress: z.record(z.string(), z.string()).nullable(),
});
export type OrgProfile = z.infer<typeof OrgProfileSchema>;

/** The platform keys of `PUT /orgs/editapis` (spec 3 §3 Organisation apis: bol, bol_be, woo, shopify, mirakl, lightspeed). */
const keySecret = z.object({
  key: boundedText('Key', 500).optional(),
  secret: boundedText('Secret', 500).optional(),
});
const urlKeySecret = keySecret.extend({
  url: z.union([z.literal(''), z.url({ protocol: /^https?$/ })]).optional(),
});

/**
 * `PUT /orgs/editapis` body (spec 3 §3 Organisation apis, §7): the current shop's platform keys. A secret left out
 * keeps the stored one; an empty string removes it. Secrets are stored encrypted and never answered.
 */
export const EditOrgApisBodySchema = z.object({
  bol: keySecret.optional(),
  bol_be: keySecret.optional(),
  woo: urlKeySecret.optional(),
  shopify: urlKeySecret.optional(),
  mirakl: z.object({ url: urlKeySecret.shape.url, key: keySecret.shape.key }).optional(),
  lightspeed: urlKeySecret
    .extend({ shop_language: z.enum(['NL', 'EN', 'DE', 'IT', 'FR']).optional() })
    .optional(),
});
export type EditOrgApisBody = z.infer<typeof EditOrgApisBodySchema>;

/** The platform keys as answered: keys, URLs and the shop language, and for each secret only whether one is stored. */
export const OrgApisSchema = z.record(
  z.string(),
  z.object({
    key: z.string().optional(),
    url: z.string().optional(),
    shop_language: z.string().optional(),
    has_secret: z.boolean(),
  }),
);
export type OrgApis = z.infer<typeof OrgApisSchema>;

/**
 * `GET /vat_lookup?vatNumber=` answer (spec 3 §7 EU VAT lookup): VIES's verdict, the company name and address.
 * `available` is false when VIES could not answer (down, busy, unreachable): the API has logged it, and the wizard
 * goes on without it (spec 3 §8 'VAT lookup failure ... only logged'); `valid` is then false and the rest null.
 */
export const VatLookupSchema = z.object({
  vatNumber: z.string(),
  available: z.boolean(),
  valid: z.boolean(),
  company_name: z.string().nullable(),
  address: z.string().nullable(),
  /** The address split where VIES gave it in lines (street with number, postcode, city); null fields when unknown. */
  street: z.string().nullable(),
  houseNumber: z.string().nullable(),
  postalCode: z.string().nullable(),
  city: z.string().nullable(),
});
export type VatLookup = z.infer<typeof VatLookupSchema>;

/** `GET /vat_lookup` query: a VAT number with its country prefix (`NL123456789B01`); spaces and dots are ignored. */
export const VatLookupQuerySchema = z.object({
  vatNumber: boundedText('VAT number', 30, { min: 4 }).refine(
    (v) => /^[A-Za-z]{2}[A-Za-z0-9+*]{2,14}$/.test(v.replace(/[\s.-]/g, '')),
    { message: 'Invalid VAT number', params: reasonParams('format_invalid', { format: 'vat_number' }) },
  ),
});

/**
 * `GET /current_org` answer: the organisation with every answer of the wizard (spec 3 §3) for /settings/org, and the
 * platform keys of `PUT /orgs/editapis` when the caller's role may edit them (null otherwise).
 */
export const OrgDetailSchema = OrgSchema.extend({
  profile: OrgProfileSchema,
  apis: OrgApisSchema.nullable(),
});
export type OrgDetail = z.infer<typeof OrgDetailSchema>;
