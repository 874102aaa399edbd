import type { TFunction } from 'i18next';

/**
 * The one display name of a role in the portal, from the `layout` texts' `roles` (the header's account button, the
 * admin's roles list and role selects): the shipped roles by key in the user's language ("Shop owner",
 * "Winkeleigenaar"), whatever English name the database holds for them ("Merchant owner"); a role the provider made
 * itself by its own name.
 */
export function roleDisplayName(t: TFunction, role: { key: string; name: string }): string {
  return t(`layout:roles.${role.key}`, { defaultValue: role.name });
}
