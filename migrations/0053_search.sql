-- Search everywhere (decision 056): one FTS5 index over tracks, albums, events, posts, members and
-- store products. search_docs names what each index row is (kind and the source row's id; its id is
-- the FTS rowid), search_fts holds the words. Triggers on the source tables keep both in step with
-- every write, whoever makes it; who may see a row is decided when searching, by joining the source
-- rows with the predicates the lists use (worker/db/search.ts), so nothing here knows about roles.
-- A trigger adds a search_docs row only where none is (NOT EXISTS, never OR IGNORE: the conflict
-- policy of the statement that fired it, such as an upsert's, would override the trigger's own).
-- Generated once by a throwaway script; edit only by a new migration.

CREATE TABLE search_docs (
  id integer PRIMARY KEY,
  kind text NOT NULL CHECK (kind IN ('track', 'album', 'event', 'post', 'member', 'product')),
  ref text NOT NULL
);
CREATE UNIQUE INDEX search_docs_kind_ref_idx ON search_docs (kind, ref);

-- Case and accents folded ("sao paulo" finds "São Paulo"); 2- and 3-character prefixes indexed so
-- the prefix queries of typing ("co*", "cor*") read one index entry.
CREATE VIRTUAL TABLE search_fts USING fts5(title, body, tokenize = 'unicode61 remove_diacritics 2', prefix = '2 3');

-- The rows there are.
INSERT INTO search_docs (kind, ref) SELECT 'track', s.id FROM tracks s JOIN albums a ON a.id = s.album_id;
INSERT INTO search_fts (rowid, title, body) SELECT d.id, s.title, a.title FROM tracks s JOIN albums a ON a.id = s.album_id JOIN search_docs d ON d.kind = 'track' AND d.ref = s.id;
INSERT INTO search_docs (kind, ref) SELECT 'album', s.id FROM albums s;
INSERT INTO search_fts (rowid, title, body) SELECT d.id, s.title, coalesce(s.notes, '') || ' ' || coalesce(s.notes_pt_br, '') FROM albums s JOIN search_docs d ON d.kind = 'album' AND d.ref = s.id;
INSERT INTO search_docs (kind, ref) SELECT 'event', s.id FROM events s;
INSERT INTO search_fts (rowid, title, body) SELECT d.id, s.title || ' ' || coalesce(s.title_pt_br, ''), coalesce(s.description, '') || ' ' || coalesce(s.description_pt_br, '') || ' ' || coalesce(s.venue_name, '') || ' ' || coalesce(s.venue_city, '') || ' ' || coalesce(s.venue_state, '') || ' ' || coalesce(s.venue_country, '') FROM events s JOIN search_docs d ON d.kind = 'event' AND d.ref = s.id;
INSERT INTO search_docs (kind, ref) SELECT 'post', s.id FROM posts s;
INSERT INTO search_fts (rowid, title, body) SELECT d.id, '', s.content FROM posts s JOIN search_docs d ON d.kind = 'post' AND d.ref = s.id;
INSERT INTO search_docs (kind, ref) SELECT 'member', s.id FROM users s LEFT JOIN profiles p ON p.user_id = s.id;
INSERT INTO search_fts (rowid, title, body) SELECT d.id, s.username, coalesce(p.bio, '') || ' ' || coalesce(p.location, '') FROM users s LEFT JOIN profiles p ON p.user_id = s.id JOIN search_docs d ON d.kind = 'member' AND d.ref = s.id;
INSERT INTO search_docs (kind, ref) SELECT 'product', s.id FROM products s;
INSERT INTO search_fts (rowid, title, body) SELECT d.id, s.title || ' ' || coalesce(s.title_pt_br, ''), s.description || ' ' || coalesce(s.description_pt_br, '') FROM products s JOIN search_docs d ON d.kind = 'product' AND d.ref = s.id;

-- tracks
CREATE TRIGGER tracks_search_insert AFTER INSERT ON tracks BEGIN
  DELETE FROM search_fts WHERE rowid = (SELECT id FROM search_docs WHERE kind = 'track' AND ref = new.id);
  INSERT INTO search_docs (kind, ref) SELECT 'track', s.id FROM tracks s JOIN albums a ON a.id = s.album_id WHERE s.id = new.id AND NOT EXISTS (SELECT 1 FROM search_docs WHERE kind = 'track' AND ref = new.id);
  INSERT INTO search_fts (rowid, title, body) SELECT d.id, s.title, a.title FROM tracks s JOIN albums a ON a.id = s.album_id JOIN search_docs d ON d.kind = 'track' AND d.ref = s.id WHERE s.id = new.id;
END;

CREATE TRIGGER tracks_search_update AFTER UPDATE OF title, album_id ON tracks BEGIN
  DELETE FROM search_fts WHERE rowid = (SELECT id FROM search_docs WHERE kind = 'track' AND ref = new.id);
  INSERT INTO search_docs (kind, ref) SELECT 'track', s.id FROM tracks s JOIN albums a ON a.id = s.album_id WHERE s.id = new.id AND NOT EXISTS (SELECT 1 FROM search_docs WHERE kind = 'track' AND ref = new.id);
  INSERT INTO search_fts (rowid, title, body) SELECT d.id, s.title, a.title FROM tracks s JOIN albums a ON a.id = s.album_id JOIN search_docs d ON d.kind = 'track' AND d.ref = s.id WHERE s.id = new.id;
END;

CREATE TRIGGER tracks_search_delete AFTER DELETE ON tracks BEGIN
  DELETE FROM search_fts WHERE rowid = (SELECT id FROM search_docs WHERE kind = 'track' AND ref = old.id);
  DELETE FROM search_docs WHERE kind = 'track' AND ref = old.id;
END;

-- albums
CREATE TRIGGER albums_search_insert AFTER INSERT ON albums BEGIN
  DELETE FROM search_fts WHERE rowid = (SELECT id FROM search_docs WHERE kind = 'album' AND ref = new.id);
  INSERT INTO search_docs (kind, ref) SELECT 'album', s.id FROM albums s WHERE s.id = new.id AND NOT EXISTS (SELECT 1 FROM search_docs WHERE kind = 'album' AND ref = new.id);
  INSERT INTO search_fts (rowid, title, body) SELECT d.id, s.title, coalesce(s.notes, '') || ' ' || coalesce(s.notes_pt_br, '') FROM albums s JOIN search_docs d ON d.kind = 'album' AND d.ref = s.id WHERE s.id = new.id;
END;

CREATE TRIGGER albums_search_update AFTER UPDATE OF title, notes, notes_pt_br ON albums BEGIN
  DELETE FROM search_fts WHERE rowid = (SELECT id FROM search_docs WHERE kind = 'album' AND ref = new.id);
  INSERT INTO search_docs (kind, ref) SELECT 'album', s.id FROM albums s WHERE s.id = new.id AND NOT EXISTS (SELECT 1 FROM search_docs WHERE kind = 'album' AND ref = new.id);
  INSERT INTO search_fts (rowid, title, body) SELECT d.id, s.title, coalesce(s.notes, '') || ' ' || coalesce(s.notes_pt_br, '') FROM albums s JOIN search_docs d ON d.kind = 'album' AND d.ref = s.id WHERE s.id = new.id;
  DELETE FROM search_fts WHERE rowid IN (SELECT d.id FROM search_docs d JOIN tracks t ON t.id = d.ref WHERE d.kind = 'track' AND t.album_id = new.id);
  INSERT INTO search_fts (rowid, title, body) SELECT d.id, t.title, new.title FROM tracks t JOIN search_docs d ON d.kind = 'track' AND d.ref = t.id WHERE t.album_id = new.id;
END;

CREATE TRIGGER albums_search_delete AFTER DELETE ON albums BEGIN
  DELETE FROM search_fts WHERE rowid = (SELECT id FROM search_docs WHERE kind = 'album' AND ref = old.id);
  DELETE FROM search_docs WHERE kind = 'album' AND ref = old.id;
END;

-- events
CREATE TRIGGER events_search_insert AFTER INSERT ON events BEGIN
  DELETE FROM search_fts WHERE rowid = (SELECT id FROM search_docs WHERE kind = 'event' AND ref = new.id);
  INSERT INTO search_docs (kind, ref) SELECT 'event', s.id FROM events s WHERE s.id = new.id AND NOT EXISTS (SELECT 1 FROM search_docs WHERE kind = 'event' AND ref = new.id);
  INSERT INTO search_fts (rowid, title, body) SELECT d.id, s.title || ' ' || coalesce(s.title_pt_br, ''), coalesce(s.description, '') || ' ' || coalesce(s.description_pt_br, '') || ' ' || coalesce(s.venue_name, '') || ' ' || coalesce(s.venue_city, '') || ' ' || coalesce(s.venue_state, '') || ' ' || coalesce(s.venue_country, '') FROM events s JOIN search_docs d ON d.kind = 'event' AND d.ref = s.id WHERE s.id = new.id;
END;

CREATE TRIGGER events_search_update AFTER UPDATE OF title, title_pt_br, description, description_pt_br, venue_name, venue_city, venue_state, venue_country ON events BEGIN
  DELETE FROM search_fts WHERE rowid = (SELECT id FROM search_docs WHERE kind = 'event' AND ref = new.id);
  INSERT INTO search_docs (kind, ref) SELECT 'event', s.id FROM events s WHERE s.id = new.id AND NOT EXISTS (SELECT 1 FROM search_docs WHERE kind = 'event' AND ref = new.id);
  INSERT INTO search_fts (rowid, title, body) SELECT d.id, s.title || ' ' || coalesce(s.title_pt_br, ''), coalesce(s.description, '') || ' ' || coalesce(s.description_pt_br, '') || ' ' || coalesce(s.venue_name, '') || ' ' || coalesce(s.venue_city, '') || ' ' || coalesce(s.venue_state, '') || ' ' || coalesce(s.venue_country, '') FROM events s JOIN search_docs d ON d.kind = 'event' AND d.ref = s.id WHERE s.id = new.id;
END;

CREATE TRIGGER events_search_delete AFTER DELETE ON events BEGIN
  DELETE FROM search_fts WHERE rowid = (SELECT id FROM search_docs WHERE kind = 'event' AND ref = old.id);
  DELETE FROM search_docs WHERE kind = 'event' AND ref = old.id;
END;

-- posts
CREATE TRIGGER posts_search_insert AFTER INSERT ON posts BEGIN
  DELETE FROM search_fts WHERE rowid = (SELECT id FROM search_docs WHERE kind = 'post' AND ref = new.id);
  INSERT INTO search_docs (kind, ref) SELECT 'post', s.id FROM posts s WHERE s.id = new.id AND NOT EXISTS (SELECT 1 FROM search_docs WHERE kind = 'post' AND ref = new.id);
  INSERT INTO search_fts (rowid, title, body) SELECT d.id, '', s.content FROM posts s JOIN search_docs d ON d.kind = 'post' AND d.ref = s.id WHERE s.id = new.id;
END;

CREATE TRIGGER posts_search_update AFTER UPDATE OF content ON posts BEGIN
  DELETE FROM search_fts WHERE rowid = (SELECT id FROM search_docs WHERE kind = 'post' AND ref = new.id);
  INSERT INTO search_docs (kind, ref) SELECT 'post', s.id FROM posts s WHERE s.id = new.id AND NOT EXISTS (SELECT 1 FROM search_docs WHERE kind = 'post' AND ref = new.id);
  INSERT INTO search_fts (rowid, title, body) SELECT d.id, '', s.content FROM posts s JOIN search_docs d ON d.kind = 'post' AND d.ref = s.id WHERE s.id = new.id;
END;

CREATE TRIGGER posts_search_delete AFTER DELETE ON posts BEGIN
  DELETE FROM search_fts WHERE rowid = (SELECT id FROM search_docs WHERE kind = 'post' AND ref = old.id);
  DELETE FROM search_docs WHERE kind = 'post' AND ref = old.id;
END;

-- users
CREATE TRIGGER users_search_insert AFTER INSERT ON users BEGIN
  DELETE FROM search_fts WHERE rowid = (SELECT id FROM search_docs WHERE kind = 'member' AND ref = new.id);
  INSERT INTO search_docs (kind, ref) SELECT 'member', s.id FROM users s LEFT JOIN profiles p ON p.user_id = s.id WHERE s.id = new.id AND NOT EXISTS (SELECT 1 FROM search_docs WHERE kind = 'member' AND ref = new.id);
  INSERT INTO search_fts (rowid, title, body) SELECT d.id, s.username, coalesce(p.bio, '') || ' ' || coalesce(p.location, '') FROM users s LEFT JOIN profiles p ON p.user_id = s.id JOIN search_docs d ON d.kind = 'member' AND d.ref = s.id WHERE s.id = new.id;
END;

CREATE TRIGGER users_search_update AFTER UPDATE OF username ON users BEGIN
  DELETE FROM search_fts WHERE rowid = (SELECT id FROM search_docs WHERE kind = 'member' AND ref = new.id);
  INSERT INTO search_docs (kind, ref) SELECT 'member', s.id FROM users s LEFT JOIN profiles p ON p.user_id = s.id WHERE s.id = new.id AND NOT EXISTS (SELECT 1 FROM search_docs WHERE kind = 'member' AND ref = new.id);
  INSERT INTO search_fts (rowid, title, body) SELECT d.id, s.username, coalesce(p.bio, '') || ' ' || coalesce(p.location, '') FROM users s LEFT JOIN profiles p ON p.user_id = s.id JOIN search_docs d ON d.kind = 'member' AND d.ref = s.id WHERE s.id = new.id;
END;

CREATE TRIGGER users_search_delete AFTER DELETE ON users BEGIN
  DELETE FROM search_fts WHERE rowid = (SELECT id FROM search_docs WHERE kind = 'member' AND ref = old.id);
  DELETE FROM search_docs WHERE kind = 'member' AND ref = old.id;
END;

-- products
CREATE TRIGGER products_search_insert AFTER INSERT ON products BEGIN
  DELETE FROM search_fts WHERE rowid = (SELECT id FROM search_docs WHERE kind = 'product' AND ref = new.id);
  INSERT INTO search_docs (kind, ref) SELECT 'product', s.id FROM products s WHERE s.id = new.id AND NOT EXISTS (SELECT 1 FROM search_docs WHERE kind = 'product' AND ref = new.id);
  INSERT INTO search_fts (rowid, title, body) SELECT d.id, s.title || ' ' || coalesce(s.title_pt_br, ''), s.description || ' ' || coalesce(s.description_pt_br, '') FROM products s JOIN search_docs d ON d.kind = 'product' AND d.ref = s.id WHERE s.id = new.id;
END;

CREATE TRIGGER products_search_update AFTER UPDATE OF title, title_pt_br, description, description_pt_br ON products BEGIN
  DELETE FROM search_fts WHERE rowid = (SELECT id FROM search_docs WHERE kind = 'product' AND ref = new.id);
  INSERT INTO search_docs (kind, ref) SELECT 'product', s.id FROM products s WHERE s.id = new.id AND NOT EXISTS (SELECT 1 FROM search_docs WHERE kind = 'product' AND ref = new.id);
  INSERT INTO search_fts (rowid, title, body) SELECT d.id, s.title || ' ' || coalesce(s.title_pt_br, ''), s.description || ' ' || coalesce(s.description_pt_br, '') FROM products s JOIN search_docs d ON d.kind = 'product' AND d.ref = s.id WHERE s.id = new.id;
END;

CREATE TRIGGER products_search_delete AFTER DELETE ON products BEGIN
  DELETE FROM search_fts WHERE rowid = (SELECT id FROM search_docs WHERE kind = 'product' AND ref = old.id);
  DELETE FROM search_docs WHERE kind = 'product' AND ref = old.id;
END;

-- profiles: a member's bio and location are searched with their name.
CREATE TRIGGER profiles_search_insert AFTER INSERT ON profiles BEGIN
  DELETE FROM search_fts WHERE rowid = (SELECT id FROM search_docs WHERE kind = 'member' AND ref = new.user_id);
  INSERT INTO search_docs (kind, ref) SELECT 'member', s.id FROM users s LEFT JOIN profiles p ON p.user_id = s.id WHERE s.id = new.user_id AND NOT EXISTS (SELECT 1 FROM search_docs WHERE kind = 'member' AND ref = new.user_id);
  INSERT INTO search_fts (rowid, title, body) SELECT d.id, s.username, coalesce(p.bio, '') || ' ' || coalesce(p.location, '') FROM users s LEFT JOIN profiles p ON p.user_id = s.id JOIN search_docs d ON d.kind = 'member' AND d.ref = s.id WHERE s.id = new.user_id;
END;

CREATE TRIGGER profiles_search_update AFTER UPDATE OF bio, location ON profiles BEGIN
  DELETE FROM search_fts WHERE rowid = (SELECT id FROM search_docs WHERE kind = 'member' AND ref = new.user_id);
  INSERT INTO search_docs (kind, ref) SELECT 'member', s.id FROM users s LEFT JOIN profiles p ON p.user_id = s.id WHERE s.id = new.user_id AND NOT EXISTS (SELECT 1 FROM search_docs WHERE kind = 'member' AND ref = new.user_id);
  INSERT INTO search_fts (rowid, title, body) SELECT d.id, s.username, coalesce(p.bio, '') || ' ' || coalesce(p.location, '') FROM users s LEFT JOIN profiles p ON p.user_id = s.id JOIN search_docs d ON d.kind = 'member' AND d.ref = s.id WHERE s.id = new.user_id;
END;

CREATE TRIGGER profiles_search_delete AFTER DELETE ON profiles BEGIN
  DELETE FROM search_fts WHERE rowid = (SELECT id FROM search_docs WHERE kind = 'member' AND ref = old.user_id);
  INSERT INTO search_docs (kind, ref) SELECT 'member', s.id FROM users s LEFT JOIN profiles p ON p.user_id = s.id WHERE s.id = old.user_id AND NOT EXISTS (SELECT 1 FROM search_docs WHERE kind = 'member' AND ref = old.user_id);
  INSERT INTO search_fts (rowid, title, body) SELECT d.id, s.username, coalesce(p.bio, '') || ' ' || coalesce(p.location, '') FROM users s LEFT JOIN profiles p ON p.user_id = s.id JOIN search_docs d ON d.kind = 'member' AND d.ref = s.id WHERE s.id = old.user_id;
END;
