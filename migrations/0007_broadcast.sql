-- Radio stations and TV channels: product data in D1 (seeded by the next migration) so the back
-- office can manage them. Written by hand to match `radioStations` and `tvChannels` in
-- worker/db/schema.ts. Descriptions are kept in both site languages; features, album_ids are JSON.
CREATE TABLE `radio_stations` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`description_en` text NOT NULL,
	`description_pt_br` text NOT NULL,
	`image_key` text,
	`features` text DEFAULT '[]' NOT NULL,
	`source_type` text DEFAULT 'catalog' NOT NULL CHECK (`source_type` IN ('catalog', 'stream')),
	`stream_url` text,
	`album_ids` text,
	`seed` integer DEFAULT 0 NOT NULL,
	`position` integer NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	CHECK (`source_type` = 'catalog' OR `stream_url` IS NOT NULL)
);

CREATE INDEX `radio_stations_position_idx` ON `radio_stations` (`position`);

CREATE TABLE `tv_channels` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`description_en` text NOT NULL,
	`description_pt_br` text NOT NULL,
	`category` text NOT NULL CHECK (`category` IN ('music_video', 'live', 'behind_the_scenes')),
	`type` text DEFAULT 'video' NOT NULL CHECK (`type` IN ('video', 'live')),
	`thumbnail_key` text,
	`video_key` text,
	`embed_url` text,
	`duration_seconds` integer DEFAULT 0 NOT NULL,
	`position` integer NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);

CREATE INDEX `tv_channels_position_idx` ON `tv_channels` (`position`);
