-- A contest entry's streaming copy and waveform (issue 90, item 3; decision 195). Made off the
-- request by a queue job once the entry's audio is stored: `stream_key` is the MP3 the page plays
-- (the original itself for an MP3 entry), `stream_state` where the job is ('pending' until it
-- wrote, 'failed' when the file could not be read), `peaks` the waveform (200 levels 0-255, two
-- hex digits each). `stream_queued_at` lets the hourly catch-up queue again only what waited long,
-- `stream_attempts` how often it did: a file the job cannot finish within its CPU is given up.
ALTER TABLE `contest_entries` ADD COLUMN `stream_key` text;
ALTER TABLE `contest_entries` ADD COLUMN `stream_state` text CHECK (`stream_state` IN ('pending', 'ready', 'failed'));
ALTER TABLE `contest_entries` ADD COLUMN `peaks` text;
ALTER TABLE `contest_entries` ADD COLUMN `stream_queued_at` integer;
ALTER TABLE `contest_entries` ADD COLUMN `stream_attempts` integer NOT NULL DEFAULT 0;
-- Entries stored before this migration wait for the catch-up.
UPDATE `contest_entries` SET `stream_state` = 'pending', `stream_queued_at` = 0 WHERE `audio_key` IS NOT NULL;
