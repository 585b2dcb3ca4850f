-- Pre-orders (decision 118). A track the admin marks as a teaser downloads at once for who bought
-- its album before the release time; the rest waits for the public release time.
ALTER TABLE tracks ADD COLUMN teaser INTEGER NOT NULL DEFAULT 0;

-- A physical product (merch, a bundle) sold before it exists: it ships from this day (ms), null: at once.
ALTER TABLE products ADD COLUMN ships_from INTEGER;

-- An entitlement bought before its release's public time: that time as it was at the sale (ms),
-- and when "It's out" was claimed for it (set once by one conditional UPDATE, so one mail).
ALTER TABLE entitlements ADD COLUMN preordered_release_at INTEGER;
ALTER TABLE entitlements ADD COLUMN announced_at INTEGER;
CREATE INDEX entitlements_preorder_idx ON entitlements (announced_at, preordered_release_at) WHERE preordered_release_at IS NOT NULL;
