import { guessColumnMapping, USER_IMPORT_FIELDS, type UserImportField, type UserRow } from '@hoppa/core';
import type { ColumnMapping, MappedRow } from '../../components/spreadsheet-import/spreadsheet.rules.ts';

/** Other names the users import's columns go by (Dutch headers, common exports). */
const ALIASES: Partial<Record<UserImportField, readonly string[]>> = {
  first_name: ['voornaam', 'first name', 'firstname', 'given name'],
  family_name: ['achternaam', 'last name', 'lastname', 'surname', 'family name'],
  email: ['e-mail', 'email address', 'e-mailadres', 'mail'],
  stakeholders_group: ['groep', 'group', 'afdeling', 'department'],
  licence: ['licentie', 'license', 'plan'],
};

/**
 * The column guess of the users import (spec 3 §5: a source column is chosen when its similarity to the field's name
 * exceeds 0.6, core's `guessColumnMapping`), with Dutch and common English header names as aliases.
 */
export function guessUserMapping(columns: readonly string[]): ColumnMapping<UserImportField> {
  return guessColumnMapping(USER_IMPORT_FIELDS, columns, ALIASES, { contextWords: [] });
}

/** The body rows of `POST /users` from the mapped rows: each field as trimmed text, absent when empty. */
export function userImportRows(rows: readonly MappedRow<UserImportField>[]): UserRow[] {
  return rows.map((r) => {
    const out: UserRow = {};
    for (const f of USER_IMPORT_FIELDS) {
      const v = r.values[f];
      if (v !== null && v !== undefined && String(v).trim() !== '') out[f] = String(v).trim();
    }
    return out;
  });
}
