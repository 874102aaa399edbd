-- The user's language (spec 3 §3 User lang: nl, en, fr, es) is now chosen on the settings page and used by both apps
-- after login (issue 16). Until a user chooses one it is unset (NULL) and the apps follow the browser, as they did so
-- far; nobody could choose before, so every stored value was the column default and is reset.
ALTER TABLE users ALTER COLUMN lang DROP NOT NULL;
ALTER TABLE users ALTER COLUMN lang DROP DEFAULT;
UPDATE users SET lang = NULL;
ALTER TABLE users ADD CONSTRAINT users_lang_check CHECK (lang IN ('nl', 'en', 'fr', 'es'));
