import { fieldProblemText, HTTP_ERROR_TEXT } from '@hoppa/core';
import type { TFunction } from 'i18next';

/**
 * The texts every screen of both apps shares from its first paint, merged into each app's `common` namespace by
 * {@link createI18n}: the error contract (spec 1 §8, spec 2 §8; English from core's HTTP_ERROR_TEXT), the field
 * problems of a form by core's FieldProblemCode (spec 2 §5; English from core's fieldProblemText, the bound as
 * `{{limit}}`), the loading label, and the names of the location types (core `LOCATION_TYPES`, spec 2 §3, spec 3 §3
 * Location: `t('common:locationTypes.half-box')`; the codes stay for programs, screens show these). Used as `t('common:errors.generic')`, `t('common:validation.min_length',
 * { limit })`. The wording of a 400's coded refusals arrives a moment later (./texts.ts `REASON_TEXTS`, ADR 0128).
 */
export const BASE_TEXTS = {
  en: {
    loading: 'Loading…',
    phone: { country: 'Country code' },
    locationTypes: {
      'half-box': 'Half box',
      'rack-box': 'Rack box',
      warehousing: 'Warehousing',
      '1/2pallet': 'Half pallet',
      '1/3pallet': '1/3 pallet',
      pallet: 'Pallet',
    },
    platforms: {
      import: 'Spreadsheet import',
      portal: 'Entered in the portal',
      manual: 'Manual',
      bol: 'bol',
      bol_be: 'bol Belgium',
      shopify: 'Shopify',
      woo: 'WooCommerce',
      lightspeed: 'Lightspeed',
      shopware: 'Shopware',
      mirakl: 'Mirakl',
      channel_engine: 'ChannelEngine',
    },
    errors: { generic: HTTP_ERROR_TEXT.generic, unauthorized: HTTP_ERROR_TEXT.unauthorized },
    validation: {
      required: fieldProblemText('required'),
      email: fieldProblemText('email'),
      phone: fieldProblemText('phone'),
      min_length: 'Minimum {{limit}} characters',
      too_long: 'Maximum {{limit}} characters',
      format: fieldProblemText('format'),
    },
  },
  nl: {
    loading: 'Laden…',
    phone: { country: 'Landcode' },
    locationTypes: {
      'half-box': 'Halve doos',
      'rack-box': 'Stellingdoos',
      warehousing: 'Bulkopslag',
      '1/2pallet': 'Halve pallet',
      '1/3pallet': '1/3 pallet',
      pallet: 'Pallet',
    },
    platforms: {
      import: 'Spreadsheet-import',
      portal: 'Ingevoerd in het portaal',
      manual: 'Handmatig',
      bol: 'bol',
      bol_be: 'bol België',
      shopify: 'Shopify',
      woo: 'WooCommerce',
      lightspeed: 'Lightspeed',
      shopware: 'Shopware',
      mirakl: 'Mirakl',
      channel_engine: 'ChannelEngine',
    },
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
  },
} as const;

/**
 * A location type's name in the UI language (`common:locationTypes`, spec 2 §3 Location types): 'Halve doos' for
 * `half-box`; a type the texts do not know (a newer server) shows its code.
 */
export function locationTypeName(t: TFunction, type: string): string {
  return t(`common:locationTypes.${type}`, { defaultValue: type });
}

/**
 * Where an order came from, in the UI language (`common:platforms`; spec 1 §2 Shipments item "platform"): 'Spreadsheet-
 * import' for `import`, 'Ingevoerd in het portaal' for `portal`, the shop's own name for a shop; a platform the texts
 * do not know (a newer server) shows its code.
 */
export function orderPlatformName(t: TFunction, platform: string): string {
  return t(`common:platforms.${platform}`, { defaultValue: platform });
}
