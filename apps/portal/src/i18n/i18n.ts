/**
 * i18next set-up of the portal (design: Interface), on @hoppa/web's `createI18n`: the UI language follows the
 * browser (Dutch for nl, English otherwise; spec 1 §1, spec 2 §1). One namespace per area: each area's index.ts
 * names it with its `<area>I18n = { en, nl }` texts (app/areas.ts); texts are used as `t('<ns>:key')` or
 * `useTranslation('<ns>')`. The texts both apps share (errors, field problems) come from @hoppa/web.
 */
import { createI18n as createAppI18n, type Lang } from '@hoppa/web';
import type { i18n as I18n } from 'i18next';
import type { Area, AreaTexts } from '../app/area.ts';
import { AREAS } from '../app/areas.ts';
import { commonI18n } from './common.i18n.ts';
import { layoutI18n } from './layout.i18n.ts';

export type { Lang };

/** The namespaces every screen has from the start: the shared ones and the areas that give their `texts`. */
const EAGER: Record<string, AreaTexts> = {
  common: commonI18n,
  layout: layoutI18n,
  ...Object.fromEntries(
    AREAS.flatMap((a) => (a.i18n && 'texts' in a.i18n ? [[a.i18n.ns, a.i18n.texts]] : [])),
  ),
};

/** Texts of lazily loaded areas that have arrived, by namespace (kept for instances made later, e.g. in tests). */
const loaded = new Map<string, AreaTexts>();
/** The live i18next instances (the app has one), which receive texts as they arrive. */
const instances = new Set<I18n>();

/**
 * Loads the texts of an area that gives them lazily (its `load`) into every live instance; nothing for an area
 * whose texts are there already. The router calls it before an area's screen renders (app/router.tsx).
 */
export async function loadAreaTexts(area: Pick<Area, 'i18n'>): Promise<void> {
  const i18n = area.i18n;
  if (!i18n || !('load' in i18n)) return;
  const texts = loaded.get(i18n.ns) ?? (await i18n.load());
  loaded.set(i18n.ns, texts);
  for (const instance of instances) {
    if (instance.hasResourceBundle('en', i18n.ns)) continue;
    instance.addResourceBundle('en', i18n.ns, texts.en);
    instance.addResourceBundle('nl', i18n.ns, texts.nl);
  }
}

/** Loads every area's texts (tests render screens without the router's loading step). */
export async function loadAllAreaTexts(): Promise<void> {
  await Promise.all(AREAS.map((a) => loadAreaTexts(a)));
}

/**
 * Builds and initialises the portal's i18next instance for `lang` (defaults to the browser's language), with the
 * eager namespaces and every lazily loaded one that has arrived.
 */
export function createI18n(lang?: Lang): I18n {
  const instance = createAppI18n({ ...EAGER, ...Object.fromEntries(loaded) }, lang);
  instances.add(instance);
  return instance;
}
