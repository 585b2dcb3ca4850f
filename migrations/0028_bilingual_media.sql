-- Media texts in both site languages (decision 032): a Portuguese name for radio stations and TV
-- channels. Portuguese is optional: null or empty reads as the English text
-- (worker/lib/content-language.ts inLanguage); the existing description_pt_br columns follow the
-- same rule from now on (the back office may leave them empty).
-- Written by hand to match `radioStations` and `tvChannels` in worker/db/schema.ts.
ALTER TABLE `radio_stations` ADD `name_pt_br` text;
ALTER TABLE `tv_channels` ADD `name_pt_br` text;

-- The demo stations' and channels' Portuguese names (rows the seed migration 0008 created, whose
-- Portuguese descriptions it already has; a row an admin deleted is simply not matched).
UPDATE `radio_stations` SET `name_pt_br` = 'Rádio Freestyle Lovers' WHERE `id` = 'freestyle-lovers';
UPDATE `radio_stations` SET `name_pt_br` = 'Rádio Ritmo de Nova York' WHERE `id` = 'nyc-rhythm';
UPDATE `radio_stations` SET `name_pt_br` = 'Rádio Spring Love' WHERE `id` = 'spring-love';
UPDATE `tv_channels` SET `name_pt_br` = 'Spring Love (Clipe Oficial)' WHERE `id` = 'spring-love-video';
UPDATE `tv_channels` SET `name_pt_br` = 'Waiting for Your Love (Clipe Oficial)' WHERE `id` = 'waiting-for-your-love-video';
UPDATE `tv_channels` SET `name_pt_br` = 'I Wanna Be the One (Clipe Oficial)' WHERE `id` = 'i-wanna-be-the-one-video';
UPDATE `tv_channels` SET `name_pt_br` = 'Freestyle Lovers Ao Vivo' WHERE `id` = 'live';
UPDATE `tv_channels` SET `name_pt_br` = 'Bastidores' WHERE `id` = 'behind-the-scenes';
