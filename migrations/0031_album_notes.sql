-- Album notes in both site languages: plain text the back office writes (multi-line, at most
-- 2,000 characters each, checked by worker/contracts/admin-catalog.ts). Both optional; an empty or
-- null Portuguese note reads as the English one (worker/lib/content-language.ts inLanguage).
-- Written by hand to match `albums` in worker/db/schema.ts.
ALTER TABLE `albums` ADD `notes` text;
ALTER TABLE `albums` ADD `notes_pt_br` text;
