-- Mail provider reports already applied (decision 051): a signed or credentialed report replayed
-- later, say an old complaint after the address subscribed again, is answered but applied once.
-- Keyed by the provider's own message id and the address; kept a week (the hourly housekeeping).
CREATE TABLE mail_webhook_deliveries (
  id TEXT PRIMARY KEY,
  received_at INTEGER NOT NULL
);

CREATE INDEX mail_webhook_deliveries_received ON mail_webhook_deliveries (received_at);
