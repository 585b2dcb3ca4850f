-- A live show's source dropped (Stream's `live_input.disconnected`, decision 146): the show stays on
-- air for a reconnect window from this time (epoch ms), and ends at it when no reconnect came.
ALTER TABLE `live_shows` ADD COLUMN `source_lost_at` integer;
