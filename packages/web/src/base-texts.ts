import { fieldProblemText, HTTP_ERROR_TEXT } from '@hoppa/core';

/**
 * The texts every screen of both apps shares from its first paint, merged into each app's `common` namespace by
 * {@link createI18n}: the error contract (spec 1 §8, spec 2 §8; English from core's HTTP_ERROR_TEXT), the field
 * problems of a form by core's FieldProblemCode (spec 2 §5; English from core's fieldProblemText, the bound as
 * `{{limit}}`), and the loading label. Used as `t('common:errors.generic')`, `t('common:validation.min_length',
 * { limit })`. The wording of a 400's coded refusals arrives a moment later (./texts.ts `REASON_TEXTS`, ADR 0128).
 */
export const BASE_TEXTS = {
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
  },
} as const;
