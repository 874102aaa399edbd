// The validation codes, kinds and formats as plain constants, without zod: the apps' first load reads them (the
// error banner words a 400's coded issues, ADR 0125 §4) and must not pull in the schemas (ADR 0033's budgets).
// `reason.ts` re-exports them.

/**
 * Codes of the refusals a call's own schema gives before any service runs (a 400 `validation` issue's `code`, the
 * core `validationIssueCode`), with the values each names:
 * - `not_one_of` (field, allowed, value): e.g. a rule's condition field or operator;
 * - `missing` (field): absent or blank, also a blank date or format field;
 * - `text_too_long` (field, limit) and `text_too_short` (field, min: characters);
 * - `text_invalid` (field): control or invalid characters (core `boundedText`);
 * - `email_invalid` (field, value);
 * - `out_of_range` (field, min or limit, value): a number, or a date's year (min 2000, limit 2100);
 * - `phone_invalid` (field, value): not a phone number (core `phoneField`, spec 3 §5);
 * - `date_invalid` (field, value): not a date or date-time as the call writes it (`YYYY-MM-DD`, ISO date-time), or
 *   a day that does not exist (2026-02-31);
 * - `wrong_type` (field, expected: one of {@link EXPECTED_TYPES}, e.g. a number where text is expected);
 * - `format_invalid` (field, format: one of {@link VALIDATION_FORMATS}, value);
 * - `list_too_long` (field, limit) and `list_too_short` (field, min: items of a list);
 * - `too_many_decimals` (field, limit: the decimals allowed, value): a euro amount past cents, a weight past grams.
 *
 * Rules across fields, a schema's own (core `reasonParams`) or a service's (the API's `refusal`, problem code
 * `bad_request`), ADR 0127:
 * - `nothing_to_change`: a change that names no field;
 * - `range_reversed` (field, other): `field` (a range's end) lies before `other` (its start);
 * - `range_too_long` (field, limit: days): a period longer than the call allows;
 * - `too_many_at_once` (field, limit): more than `limit` made in one go (bins of a rack);
 * - `one_of_fields` (field, other): give `field` or `other`; `excludes` (field, other): not both;
 *   `needs_field` (field, other): `field` only with `other`;
 * - `listed_twice` (field, value): a list names the same one twice;
 * - `unknown_value` (field, value): no such (active) one: a shipment method, box or surcharge;
 * - `not_of_shop` (field, value): belongs to another shop; `not_of_order` (field, value, order_id): no line of the
 *   order;
 * - stock: `same_location`, `nothing_to_move`, `not_enough_stock` (limit: pieces there, value: pieces asked),
 *   `no_location` (value: the product), `bundle_stock` (ean), `correction_too_large` (value: the total asked, limit:
 *   what the first location would keep);
 * - linked products: `link_itself`, `link_parent_linked` (value), `link_child_has_links` (value);
 * - locations: `bin_holds_nothing` (value), `bins_need_rack`, `no_bins` (value), `too_many_bins` (value, limit);
 * - inbound: `wrong_product`, `no_pending_inbounds`; uploads: `upload_unreadable`;
 * - shipping: `address_incomplete` (order_id), `method_wrong_carrier` (value, allowed: the carrier),
 *   `method_domestic_only` (value), `no_method_for_country` (allowed: the carrier, country), `label_offer_gone`
 *   (order_id);
 * - the sales dashboard's query (core `parseSaleQuery`; `at`: where in the query, `$match.products.$lte`):
 *   `query_unreadable` (not JSON), `query_unknown_field` (value, allowed), `query_unknown_operator` (value, allowed),
 *   `query_bad_value` (value, expected: `number`, `date`, `boolean`, `string`, `array`, `object` or `pattern`) and
 *   `query_too_large` (limit).
 * `field` is the body's own key (`affected_field`, `contact_person`); the apps name it by their label, and `other`
 * the same way. A rule of the whole body (`nothing_to_change`, a bare list too long) has no `field`. A refusal of
 * another kind carries no code and keeps its English message.
 */
export const VALIDATION_REASON_CODES = [
  'not_one_of',
  'missing',
  'text_too_long',
  'email_invalid',
  'out_of_range',
  'text_too_short',
  'text_invalid',
  'phone_invalid',
  'date_invalid',
  'wrong_type',
  'format_invalid',
  'list_too_long',
  'list_too_short',
  'too_many_decimals',
  'nothing_to_change',
  'range_reversed',
  'range_too_long',
  'too_many_at_once',
  'one_of_fields',
  'excludes',
  'needs_field',
  'listed_twice',
  'unknown_value',
  'not_of_shop',
  'not_of_order',
  'same_location',
  'nothing_to_move',
  'not_enough_stock',
  'no_location',
  'bundle_stock',
  'correction_too_large',
  'link_itself',
  'link_parent_linked',
  'link_child_has_links',
  'bin_holds_nothing',
  'bins_need_rack',
  'no_bins',
  'too_many_bins',
  'wrong_product',
  'no_pending_inbounds',
  'upload_unreadable',
  'address_incomplete',
  'method_wrong_carrier',
  'method_domestic_only',
  'no_method_for_country',
  'label_offer_gone',
  'query_unreadable',
  'query_unknown_field',
  'query_unknown_operator',
  'query_bad_value',
  'query_too_large',
] as const;
export type ValidationReasonCode = (typeof VALIDATION_REASON_CODES)[number];

/**
 * The kinds of value a `wrong_type` refusal names as `expected` (zod's own names): text, a number, a whole number
 * (`int`), true or false, a list, an object. A refusal expecting another kind carries no code.
 */
export const EXPECTED_TYPES = ['string', 'number', 'int', 'boolean', 'array', 'object'] as const;

/**
 * The named formats a `format_invalid` refusal names as `format`: a clock time `HH:mm` (`time`), a two-letter
 * country code (`country_code`), a 24-character id (`id`), a web address (`url`), a house number from 1
 * (`house_number`), a Dutch postcode `1234 AB` (`postcode_nl`), another
 * country's postcode as core `normalisePostcode` checks it (`postcode`, with the `country`), a VAT number with its country prefix
 * `NL123456789B01` (`vat_number`), an HS code of 6 to 10 digits (`hs_code`, spec 3 §7), a shop's https:// address
 * (`shop_url`, core `shopUrlProblem`), whole millimetres 1–9999 (`mm`, a box's sides), a euro amount as typed like
 * `4,95` (`amount`), a role's key of 2–40 lower-case letters, digits or `_` (`role_key`), a grant's path from `/`
 * (`path`), a bol.com id of letters, digits and hyphens (`bol_id`), base64 (`base64`), a link's code (`token`), a
 * stamp product's method code (`stamp_code`), a pick item `<product id>:<location id or none>` (`pick_item`), `all`
 * or a comma list of ids (`id_list`) and a PDF file (`pdf`, the value its file name).
 */
export const VALIDATION_FORMATS = [
  'time',
  'country_code',
  'id',
  'url',
  'house_number',
  'postcode_nl',
  'postcode',
  'vat_number',
  'hs_code',
  'shop_url',
  'mm',
  'amount',
  'role_key',
  'path',
  'bol_id',
  'base64',
  'token',
  'stamp_code',
  'pick_item',
  'id_list',
  'pdf',
] as const;
/** One of {@link VALIDATION_FORMATS}. */
export type ValidationFormat = (typeof VALIDATION_FORMATS)[number];
