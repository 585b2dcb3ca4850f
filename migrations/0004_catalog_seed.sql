-- Once the demo artist's 30 releases and their tracks. Demo content no longer ships in migrations
-- (decision 077): a database made by the migrations (staging, production) starts empty, and the
-- demo catalog comes from the local seed (scripts/catalog/demo-catalog-seed.mjs, run by
-- scripts/prepare-local.mjs and the Worker tests' setup). The file stays, with one statement that
-- does nothing (a migration must hold one), so the numbering holds; a database that applied the
-- old file (D1 records applied migrations by name) keeps its rows.
SELECT 1;
