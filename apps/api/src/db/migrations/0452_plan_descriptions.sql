-- A plan's description per UI language (spec 3 §3 Plan description; ADR 0130): the Dutch portal showed the English
-- HTML of migration 0270. `descriptions` holds {lang: html} for the languages a user can choose (spec 3 §3 User lang:
-- nl, en, fr, es), each sanitised before storage like the one text was; the API answers them all and the apps choose
-- the UI language, else English, else any (core `planDescription`). The single English column goes: its text is the
-- `en` entry, and the API's `description` field is still answered (the English text).
ALTER TABLE plans ADD COLUMN descriptions jsonb NOT NULL DEFAULT '{}'::jsonb
  CONSTRAINT plans_descriptions_langs CHECK (
    jsonb_typeof(descriptions) = 'object' AND (descriptions - ARRAY['nl', 'en', 'fr', 'es']) = '{}'::jsonb
  );
UPDATE plans SET descriptions = jsonb_build_object('en', description) WHERE description <> '';

-- The standard plans in Dutch (the demo and every installation start with these two).
UPDATE plans SET descriptions = descriptions || jsonb_build_object('nl',
  '<p>Beheert de winkel: orders, producten, inbound, retouren, <strong>gebruikers en het abonnement</strong>.</p>')
 WHERE id = '5e1ec7000000000000000001';
UPDATE plans SET descriptions = descriptions || jsonb_build_object('nl',
  '<p>Leest mee: dashboard, orders, zendingen en voorraad, <em>zonder iets te wijzigen</em>.</p>')
 WHERE id = '5e1ec7000000000000000002';

ALTER TABLE plans DROP COLUMN description;
