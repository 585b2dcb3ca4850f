-- The version of the site's public content, part of every edge-cache key (decision 050): any
-- change made through the back office sets a new random value, so every location's cached public
-- answers are left behind at once. Random rather than counted, so a database rebuilt from these
-- migrations never meets answers cached under an earlier database's version.
CREATE TABLE content_version (
  id INTEGER PRIMARY KEY CHECK (id = 1),
  version TEXT NOT NULL,
  changed_at INTEGER NOT NULL
);

INSERT INTO content_version (id, version, changed_at) VALUES (1, lower(hex(randomblob(8))), 0);
