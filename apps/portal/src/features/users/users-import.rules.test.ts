import { describe, expect, it } from 'vitest';
import { guessUserMapping, userImportRows } from './users-import.rules.ts';

describe('users import mapping (spec 3 §5: similarity above 0.6)', () => {
  it('maps English and Dutch headers and leaves unrelated columns alone', () => {
    expect(guessUserMapping(['Voornaam', 'Achternaam', 'E-mail', 'Licentie', 'Telefoon'])).toEqual({
      first_name: 'Voornaam',
      family_name: 'Achternaam',
      email: 'E-mail',
      stakeholders_group: null,
      licence: 'Licentie',
    });
    expect(guessUserMapping(['first_name', 'family name', 'email', 'stakeholders group', 'licence'])).toEqual(
      {
        first_name: 'first_name',
        family_name: 'family name',
        email: 'email',
        stakeholders_group: 'stakeholders group',
        licence: 'licence',
      },
    );
    expect(guessUserMapping(['Postcode', 'Stad']).email).toBeNull();
  });
  it('sends trimmed text and leaves empty cells out', () => {
    expect(
      userImportRows([
        { line: 2, values: { first_name: ' Anna ', family_name: 'Jansen', email: 'a@b.nl', licence: '' } },
      ]),
    ).toEqual([{ first_name: 'Anna', family_name: 'Jansen', email: 'a@b.nl' }]);
  });
});
