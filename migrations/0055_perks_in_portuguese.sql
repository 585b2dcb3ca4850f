-- Perks in both site languages (as events, decision 031, and products): a Portuguese title and
-- description beside the required English ones, each optional; an empty or null Portuguese text
-- reads as the English one (worker/lib/content-language.ts inLanguage). Written by hand to match
-- `perks` in worker/db/schema/perks.ts. The demo perks get theirs from the seed
-- (scripts/lib/demo-perks.mjs), which fills only what is still empty.
ALTER TABLE `perks` ADD `title_pt_br` text;
ALTER TABLE `perks` ADD `description_pt_br` text;
