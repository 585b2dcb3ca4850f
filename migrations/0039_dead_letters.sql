-- Background work that failed every retry (decision 049): each message a dead-letter queue
-- receives is kept here for the back office to retry or dismiss. The message's own id is the key,
-- so a message delivered twice is stored once.
CREATE TABLE dead_letters (
  id TEXT PRIMARY KEY,
  queue TEXT NOT NULL,
  body TEXT NOT NULL,
  attempts INTEGER NOT NULL,
  received_at INTEGER NOT NULL,
  status TEXT NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'retried', 'dismissed')),
  handled_by TEXT REFERENCES users(id) ON DELETE SET NULL,
  handled_at INTEGER
);

CREATE INDEX dead_letters_status ON dead_letters (status, received_at);
