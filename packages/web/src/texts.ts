import { fieldProblemText, HTTP_ERROR_TEXT } from '@hoppa/core';
import { fieldNames } from './field-names.ts';

/**
 * The texts every screen of both apps shares, merged into each app's `common` namespace by {@link createI18n}: the
 * error contract (spec 1 §8, spec 2 §8; English from core's HTTP_ERROR_TEXT), the field problems of a form by
 * core's FieldProblemCode (spec 2 §5; English from core's fieldProblemText, the bound as `{{limit}}`), and the
 * loading label. Used as `t('common:errors.generic')`, `t('common:validation.min_length', { limit })`.
 *
 * `reasons` words a 400's validation refusals by their code (core `VALIDATION_REASON_CODES`, ADR 0124 §2): one text
 * per code with `{{field}}` (a field's name from `fields`, the table of `FIELD_NAMES`, or a screen's own label) and
 * the issue's values; `wrong_type` and `format_invalid` have a variant per `expected` kind or `format` (i18next
 * context, core `EXPECTED_TYPES`, `VALIDATION_FORMATS`). Read through `codedReasonText` (./reason-text.ts) by
 * `ErrorBanner`, the spreadsheet announcement and the automation rule form. `fieldAt` names a field within a list.
 */
export const WEB_TEXTS = {
  en: {
    loading: 'Loading…',
    phone: { country: 'Country code' },
    errors: { generic: HTTP_ERROR_TEXT.generic, unauthorized: HTTP_ERROR_TEXT.unauthorized },
    validation: {
      required: fieldProblemText('required'),
      email: fieldProblemText('email'),
      phone: fieldProblemText('phone'),
      min_length: 'Minimum {{limit}} characters',
      too_long: 'Maximum {{limit}} characters',
      format: fieldProblemText('format'),
    },
    reasons: {
      text_too_long: '{{field}} is too long (at most {{limit}} characters)',
      text_invalid: '{{field}} contains control or invalid characters',
      missing: '{{field}} is missing',
      email_invalid: "{{field}} is not a valid e-mail address: '{{value}}'",
      not_one_of: "{{field}} must be one of {{allowed}} (not '{{value}}')",
      out_of_range: "{{field}} is out of range: '{{value}}'",
      text_too_short: '{{field}} is too short (at least {{min}} characters)',
      phone_invalid: "{{field}} is not a valid phone number: '{{value}}'",
      date_invalid: "{{field}} is not a valid date: '{{value}}'",
      wrong_type: '{{field}} has the wrong kind of value',
      wrong_type_string: '{{field}} must be text',
      wrong_type_number: '{{field}} must be a number',
      wrong_type_int: '{{field}} must be a whole number',
      wrong_type_boolean: '{{field}} must be yes or no',
      wrong_type_array: '{{field}} must be a list',
      wrong_type_object: '{{field}} must be a group of fields',
      format_invalid: "{{field}} is not in the right format: '{{value}}'",
      format_invalid_time: "{{field}} is not a time like 15:30: '{{value}}'",
      format_invalid_country_code: "{{field}} is not a two-letter country code: '{{value}}'",
      format_invalid_id: "{{field}} is not a valid id: '{{value}}'",
      format_invalid_url: "{{field}} is not a valid web address: '{{value}}'",
      format_invalid_house_number: "{{field}} is not a house number from 1: '{{value}}'",
      format_invalid_postcode_nl: "{{field}} is not a Dutch postcode (1234 AB): '{{value}}'",
      format_invalid_vat_number:
        "{{field}} is not a VAT number with its country code, such as NL123456789B01: '{{value}}'",
      format_invalid_hs_code: "{{field}} is not an HS code of 6 to 10 digits: '{{value}}'",
      format_invalid_shop_url: "{{field}} is not the https:// address of a shop: '{{value}}'",
      list_too_long: '{{field}} has too many items (at most {{limit}})',
      list_too_short: '{{field}} has too few items (at least {{min}})',
      too_many_decimals: '{{field}} has more than {{limit}} decimals',
    },
    fieldAt: '{{field}} (item {{position}})',
    fields: fieldNames('en'),
  },
  nl: {
    loading: 'Laden…',
    phone: { country: 'Landcode' },
    errors: {
      generic: 'Er is iets misgegaan, raadpleeg je logs',
      unauthorized: 'Je bent niet bevoegd voor deze actie',
    },
    validation: {
      required: 'Dit veld is verplicht!',
      email: 'Ongeldig e-mailadres!',
      phone: 'Vul een geldig telefoonnummer in',
      min_length: 'Minimaal {{limit}} tekens',
      too_long: 'Maximaal {{limit}} tekens',
      format: 'Ongeldig formaat!',
    },
    reasons: {
      text_too_long: '{{field}} is te lang (hoogstens {{limit}} tekens)',
      text_invalid: '{{field}} bevat stuur- of ongeldige tekens',
      missing: '{{field}} ontbreekt',
      email_invalid: "{{field}} is geen geldig e-mailadres: '{{value}}'",
      not_one_of: "{{field}} moet een van deze zijn: {{allowed}} (niet '{{value}}')",
      out_of_range: "{{field}} valt buiten het toegestane bereik: '{{value}}'",
      text_too_short: '{{field}} is te kort (minstens {{min}} tekens)',
      phone_invalid: "{{field}} is geen geldig telefoonnummer: '{{value}}'",
      date_invalid: "{{field}} is geen geldige datum: '{{value}}'",
      wrong_type: '{{field}} heeft een verkeerd soort waarde',
      wrong_type_string: '{{field}} moet tekst zijn',
      wrong_type_number: '{{field}} moet een getal zijn',
      wrong_type_int: '{{field}} moet een heel getal zijn',
      wrong_type_boolean: '{{field}} moet ja of nee zijn',
      wrong_type_array: '{{field}} moet een lijst zijn',
      wrong_type_object: '{{field}} moet een groep velden zijn',
      format_invalid: "{{field}} heeft niet de juiste vorm: '{{value}}'",
      format_invalid_time: "{{field}} is geen tijd zoals 15:30: '{{value}}'",
      format_invalid_country_code: "{{field}} is geen landcode van twee letters: '{{value}}'",
      format_invalid_id: "{{field}} is geen geldige id: '{{value}}'",
      format_invalid_url: "{{field}} is geen geldig webadres: '{{value}}'",
      format_invalid_house_number: "{{field}} is geen huisnummer vanaf 1: '{{value}}'",
      format_invalid_postcode_nl: "{{field}} is geen Nederlandse postcode (1234 AB): '{{value}}'",
      format_invalid_vat_number:
        "{{field}} is geen btw-nummer met landcode, zoals NL123456789B01: '{{value}}'",
      format_invalid_hs_code: "{{field}} is geen HS-code van 6 tot 10 cijfers: '{{value}}'",
      format_invalid_shop_url: "{{field}} is geen https://-adres van een winkel: '{{value}}'",
      list_too_long: '{{field}} heeft te veel items (hoogstens {{limit}})',
      list_too_short: '{{field}} heeft te weinig items (minstens {{min}})',
      too_many_decimals: '{{field}} heeft meer dan {{limit}} decimalen',
    },
    fieldAt: '{{field}} (nr. {{position}})',
    fields: fieldNames('nl'),
  },
} as const;
