-- The language a person reads the site in, so the mails the site sends them are in it
-- (worker/services/mail/texts.ts). users.locale: set at sign-up from the request's language and
-- whenever the signed-in member switches language in the app. contact_messages.locale: the
-- language the sender wrote the contact form in, for the admin's reply. Only the site's two
-- languages; rows written before this migration read as English.
-- Written by hand to match `users` and `contactMessages` in worker/db/schema.ts.
ALTER TABLE `users` ADD `locale` text DEFAULT 'en' NOT NULL CHECK (`locale` IN ('en', 'pt-BR'));
ALTER TABLE `contact_messages` ADD `locale` text DEFAULT 'en' NOT NULL CHECK (`locale` IN ('en', 'pt-BR'));
