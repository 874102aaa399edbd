/**
 * i18next set-up of the portal (design: Interface), on @hoppa/web's `createI18n`: the UI language follows the
 * browser (Dutch for nl, English otherwise; spec 1 §1, spec 2 §1). One namespace per area: each area's index.ts
 * names it with its `<area>I18n = { en, nl }` texts (app/areas.ts); texts are used as `t('<ns>:key')` or
 * `useTranslation('<ns>')`. The texts both apps share (errors, field problems) come from @hoppa/web.
 */
import { createI18n as createAppI18n, type Lang } from '@hoppa/web';
import type { i18n as I18n } from 'i18next';
import { AREAS } from '../app/areas.ts';
import { commonI18n } from './common.i18n.ts';
import { layoutI18n } from './layout.i18n.ts';

export type { Lang };

/** Every namespace of the portal with its English and Dutch resources: the shared ones and each area's. */
const NAMESPACES: Record<string, { en: object; nl: object }> = {
  common: commonI18n,
  layout: layoutI18n,
  ...Object.fromEntries(AREAS.flatMap((a) => (a.i18n ? [[a.i18n.ns, a.i18n.texts]] : []))),
};

/** Builds and initialises the portal's i18next instance for `lang` (defaults to the browser's language). */
export function createI18n(lang?: Lang): I18n {
  return createAppI18n(NAMESPACES, lang);
}
