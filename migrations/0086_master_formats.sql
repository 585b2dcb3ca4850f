-- A master's facts and its other lossless format (decision 121). The facts are read from the
-- master's own header when it is stored (STREAMINFO or the WAV fmt chunk) for the player's quality
-- label; the MP3's bitrate from its probe. The other format (FLAC from a WAV master, WAV from a
-- FLAC one) is made by a queue job: its R2 key, format and state ('pending' until the job has
-- written it, 'done', or 'failed' for a master it cannot read). A new or removed master starts over.
ALTER TABLE `tracks` ADD `master_sample_rate` integer;
ALTER TABLE `tracks` ADD `master_bit_depth` integer;
ALTER TABLE `tracks` ADD `master_channels` integer;
ALTER TABLE `tracks` ADD `derived_key` text;
ALTER TABLE `tracks` ADD `derived_format` text CHECK (`derived_format` IS NULL OR `derived_format` IN ('wav', 'flac'));
ALTER TABLE `tracks` ADD `derived_state` text CHECK (`derived_state` IS NULL OR `derived_state` IN ('pending', 'done', 'failed'));
ALTER TABLE `tracks` ADD `audio_kbps` integer;
-- Masters stored before this migration wait for theirs: the hourly catch-up queues their jobs.
UPDATE `tracks` SET `derived_state` = 'pending' WHERE `master_key` IS NOT NULL;
