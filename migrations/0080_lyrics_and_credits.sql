-- Lyrics and credits per track (decision 112). Lyrics per track and language, plain or synced
-- (LRC, its timed lines parsed when read); a release's lyrics are public or for VIP and above.
-- Credits are a track's ordered list of people and their roles, beside its ISRC, label and the day
-- it was recorded. Nothing here is demo content: the local seed adds the demo's.
CREATE TABLE `track_lyrics` (
  `track_id` text NOT NULL,
  `locale` text NOT NULL CHECK (`locale` IN ('en', 'pt-BR')),
  `synced` integer NOT NULL DEFAULT 0,
  `body` text NOT NULL,
  `updated_at` integer NOT NULL,
  PRIMARY KEY (`track_id`, `locale`),
  FOREIGN KEY (`track_id`) REFERENCES `tracks`(`id`) ON UPDATE no action ON DELETE cascade
);

CREATE TABLE `track_credits` (
  `track_id` text NOT NULL,
  `position` integer NOT NULL,
  `role` text NOT NULL,
  `name` text NOT NULL,
  -- What a performer played or sang ("vocals", "guitar"), or null.
  `detail` text,
  PRIMARY KEY (`track_id`, `position`),
  FOREIGN KEY (`track_id`) REFERENCES `tracks`(`id`) ON UPDATE no action ON DELETE cascade
);

ALTER TABLE `tracks` ADD `isrc` text;
ALTER TABLE `tracks` ADD `label` text;
-- The day it was recorded, YYYY-MM-DD (a day, not an instant: no time zone).
ALTER TABLE `tracks` ADD `recorded_on` text;
CREATE UNIQUE INDEX `tracks_isrc_idx` ON `tracks` (`isrc`) WHERE `isrc` IS NOT NULL;

ALTER TABLE `albums` ADD `lyrics_access` text NOT NULL DEFAULT 'public' CHECK (`lyrics_access` IN ('public', 'vip'));
