#!/usr/bin/env node
// Makes a fresh checkout runnable offline, and is safe to run again and again (npm start, npm run
// dev, npm run seed and the e2e server call it). Three steps, each of which can run alone
// (`--only <step>`), so `npm start` can build the app while the data step runs and let the media
// step finish after the server is up:
//   vars   writes .dev.vars (local mode + random secrets) if it is missing — before `vite build`,
//          because the Cloudflare Vite plugin copies it into the build output;
//   data   applies the D1 migrations to local state and seeds the demo catalog, stations and
//          channels (scripts/catalog/demo-catalog-seed.mjs; the migrations hold none, decision 077),
//          the demo accounts and profiles
//          (upserts, so reruns are no-ops apart from restoring the documented demo passwords and
//          roles), demo feed posts, demo events (upcoming, past, online, draft, cancelled) and demo
//          ticket orders for them, whose dates move to stay relative to now; ~90 days of site page
//          views while there are none yet, and the analytics rollups; three demo perks
//          (scripts/lib/demo-perks.mjs), kept live relative to now; ~90 days of the revenue ledger
//          (scripts/lib/demo-revenue.mjs), topped up to today; a demo store (products of every
//          kind, sizes with stock, the perk's promotion code: scripts/lib/demo-store.mjs); a coming album
//          sold as a pre-order, with teaser tracks and a cassette that ships on its day, three weeks
//          after the seed (scripts/lib/demo-preorder.mjs); a demo
//          event selling tickets here, General and a nearly sold-out VIP area (scripts/lib/demo-tickets.mjs); the
//          lossless masters of the releases the store sells in WAV (scripts/catalog/demo-masters.mjs);
//          two live shows, one for ticket holders about to start and a members' one with its
//          replay open (scripts/lib/demo-live-shows.mjs); two remix contests, one voting on four
//          demo members' entries and one taking entries with three stems (scripts/lib/demo-contests.mjs);
//   media  puts every file of the demo into local R2: the avatars, post, perk and product pictures, and the
//          demo media (an MP3 per track, a WAV master per track of three releases, a cover per
//          album, an image per radio station, a thumbnail and an MP4 video per TV channel, the
//          landing page's pictures and promo video, the live shows' demo source in HLS segments, the
//          demo contests' entries' remixes under contest-entries/ and stems under contest-stems/), rendered
//          offline and cached in the user's cache; skipped when that state already holds this set.
//          The only step that writes local R2, so it never races another writer of it.
// Usage: node scripts/prepare-local.mjs [--persist-to <dir>] [--port <n>] [--only vars|data|media]
//   (default state: .wrangler/state; --port: where the local server will listen, so SITE_URL
//   follows it; --only: that step alone, which needs .dev.vars to exist for data and media)
import { randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import { appendFile, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { avatarPng } from "./lib/png.mjs";
import { ROOT, wrangler } from "./lib/wrangler.mjs";
import {
  buildSeedSql,
  DEMO_ACCOUNTS,
  DEMO_EVENTS,
  DEMO_POSTS,
  DEMO_TICKETS,
  DEMO_VENUES,
  demoAvatarFile,
  demoPostImageFile,
  parseDotenv,
} from "./lib/demo-seed.mjs";
import { demoAnalyticsSql } from "./lib/demo-analytics.mjs";
import { demoPerkPictures, demoPerksSql } from "./lib/demo-perks.mjs";
import { demoRevenueSql } from "./lib/demo-revenue.mjs";
import { demoStorePictures, demoStoreSql } from "./lib/demo-store.mjs";
import { demoPreorderPictures, demoPreorderSql } from "./lib/demo-preorder.mjs";
import { demoTicketsSql } from "./lib/demo-tickets.mjs";
import { demoTiersSql } from "./lib/demo-tiers.mjs";
import { demoRoomsSql } from "./lib/demo-rooms.mjs";
import { demoLiveShowsSql } from "./lib/demo-live-shows.mjs";
import { demoContestsSql } from "./lib/demo-contests.mjs";
import { renderCoverPng } from "./lib/demo-covers.mjs";
import { generateDemoMedia, liveSourceLine } from "./catalog/generate-demo-media.mjs";
import { demoMastersSql } from "./catalog/demo-masters.mjs";
import { demoCatalogSql } from "./catalog/demo-catalog-seed.mjs";
import { vapidKeyPair } from "./lib/vapid-keys.mjs";
import { localSiteUrl, withDotenvValue } from "./lib/local-site-url.mjs";
import { freshDatabaseSql, isFreshState } from "./lib/fresh-database.mjs";

const MEDIA_BUCKET = "freestyle-lovers-media"; // wrangler.toml [[r2_buckets]] MEDIA
const MIGRATIONS_DIR = path.join(ROOT, "migrations"); // wrangler.toml [[d1_databases]] migrations_dir
const DEV_VARS = path.join(ROOT, ".dev.vars");
const GENERATED_SECRETS = ["PASSWORD_PEPPER", "SESSION_SECRET", "LOCAL_PAYMENTS_SECRET"];

const secret = () => randomBytes(32).toString("base64url");

/** Creates .dev.vars once; later runs only add a secret that is missing, never change one. */
async function ensureDevVars(port) {
  if (!existsSync(DEV_VARS)) {
    const lines = [
      "# Local development only (npm start, npm run dev, e2e). Generated by scripts/prepare-local.mjs.",
      "# Never commit this file; deployed Workers get secrets from `wrangler secret put`.",
      "APP_ENV=local",
      ...GENERATED_SECRETS.map((name) => `${name}=${secret()}`),
      "",
    ];
    await writeFile(DEV_VARS, lines.join("\n"), { mode: 0o600 });
    console.log("prepare-local: wrote .dev.vars (APP_ENV=local, random local secrets)");
  }
  let vars = parseDotenv(await readFile(DEV_VARS, "utf8"));
  const missing = GENERATED_SECRETS.filter((name) => !vars[name]);
  if (missing.length > 0) {
    await appendFile(DEV_VARS, `\n${missing.map((name) => `${name}=${secret()}`).join("\n")}\n`);
    console.log(`prepare-local: added ${missing.join(", ")} to .dev.vars`);
    vars = parseDotenv(await readFile(DEV_VARS, "utf8"));
  }
  if (!vars.VAPID_PUBLIC_KEY && !vars.VAPID_PRIVATE_KEY) {
    const keys = await vapidKeyPair();
    await appendFile(DEV_VARS, `\nVAPID_PUBLIC_KEY=${keys.publicKey}\nVAPID_PRIVATE_KEY=${keys.privateKey}\n`);
    console.log("prepare-local: added a VAPID key pair (web push) to .dev.vars");
    vars = parseDotenv(await readFile(DEV_VARS, "utf8"));
  } else if (!vars.VAPID_PUBLIC_KEY || !vars.VAPID_PRIVATE_KEY) {
    // Never replace a key that is there: remove the odd one out and a new pair is made.
    throw new Error(".dev.vars has only one of VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY: delete it and run again");
  }
  // Links in mails built outside a request (campaigns, reminders, digests) lead to the local server
  // on the port it is served on, not the production address in wrangler.toml [vars]. A developer's
  // own address that is not a loopback one is kept.
  // Only a server's own start says where it listens (npm start, npm run dev): `npm run seed` and
  // the e2e server's state leave the value as it is.
  const siteUrl = port === undefined ? vars.SITE_URL : localSiteUrl(vars.SITE_URL, port);
  if (vars.SITE_URL !== siteUrl) {
    await writeFile(DEV_VARS, withDotenvValue(await readFile(DEV_VARS, "utf8"), "SITE_URL", siteUrl), { mode: 0o600 });
    console.log(`prepare-local: SITE_URL=${siteUrl} in .dev.vars`);
    vars = parseDotenv(await readFile(DEV_VARS, "utf8"));
  }
  return vars;
}

/**
 * Generates (or reuses) the demo media (catalog, stations, channels) and uploads it to local R2
 * with one bulk put per content type (audio/mpeg, image/png, video/mp4, …). The file names carry
 * content hashes, so a marker of them in the state directory tells whether this state already
 * holds exactly this set.
 */
async function seedDemoMedia(stateDir, persist, work) {
  const media = await generateDemoMedia();
  const marker = path.join(stateDir, "demo-media.json");
  const fingerprint = JSON.stringify(media.files.map((f) => [f.key, path.basename(f.path)]));
  if (existsSync(marker) && (await readFile(marker, "utf8")) === fingerprint) return { ...media, uploaded: 0 };
  for (const contentType of new Set(media.files.map((f) => f.contentType))) {
    const manifest = path.join(work, `media-${contentType.replace("/", "-")}.json`);
    await writeFile(manifest, JSON.stringify(media.files.filter((f) => f.contentType === contentType).map((f) => ({ key: f.key, file: f.path }))));
    await wrangler(["r2", "bulk", "put", MEDIA_BUCKET, "--local", ...persist, "--filename", manifest, "--content-type", contentType]);
  }
  await writeFile(marker, fingerprint);
  return { ...media, uploaded: media.files.length };
}

/**
 * The data step: the D1 migrations, then the demo rows in one SQL file. A new state gets the
 * migrations in that same file (./lib/fresh-database.mjs): one wrangler run instead of one a
 * migration; an existing one has its new migrations applied as a deploy would.
 */
async function seedData(vars, persist, stateDir, work) {
  const fresh = isFreshState(stateDir);
  if (!fresh) {
    await wrangler(["d1", "migrations", "apply", "DB", "--local", ...persist]);
    console.log("prepare-local: D1 migrations applied");
  }
  const sqlFile = path.join(work, "seed.sql");
  await writeFile(
    sqlFile,
    (fresh ? await freshDatabaseSql(MIGRATIONS_DIR) : "") +
      // The demo catalog, stations and channels first: the other demo rows refer to them.
      demoCatalogSql() +
      (await buildSeedSql(vars.PASSWORD_PEPPER)) +
      demoAnalyticsSql() +
      [
        ...demoPerksSql(Date.now()),
        ...demoStoreSql(Date.now()),
        ...demoPreorderSql(Date.now()),
        ...demoTicketsSql(Date.now()),
        ...demoTiersSql(Date.now()),
        ...demoRoomsSql(Date.now()),
        ...demoLiveShowsSql(Date.now()),
        ...demoContestsSql(Date.now()),
      ].join("\n") +
      "\n" +
      demoMastersSql() +
      "\n",
  );
  await appendFile(sqlFile, demoRevenueSql(Date.now()).join("\n") + "\n");
  await wrangler(["d1", "execute", "DB", "--local", ...persist, "--file", sqlFile]);
  if (fresh) console.log("prepare-local: a new D1 database, every migration and the demo rows in one run");
}

/** The media step: the demo members' avatars, the posts' and perks' pictures, then the demo media. */
async function seedMedia(stateDir, persist, work) {
  const manifest = [];
  for (const [index, account] of DEMO_ACCOUNTS.entries()) {
    const file = path.join(work, demoAvatarFile(account));
    await writeFile(file, avatarPng(index + 1));
    manifest.push({ key: `avatars/${demoAvatarFile(account)}`, file });
  }
  // The demo posts' pictures: generated like the album covers, under their stable names.
  for (const post of DEMO_POSTS.filter((p) => p.image)) {
    const file = path.join(work, demoPostImageFile(post));
    await writeFile(file, renderCoverPng({ id: `demo-post-${post.image}` }));
    manifest.push({ key: `posts/${demoPostImageFile(post)}`, file });
  }
  // The demo perks' and products' pictures, under the keys their rows name.
  for (const { key, png } of [...demoPerkPictures(), ...demoStorePictures(), ...demoPreorderPictures()]) {
    const file = path.join(work, key.replace("/", "-"));
    await writeFile(file, png);
    manifest.push({ key, file });
  }
  const manifestFile = path.join(work, "avatars.json");
  await writeFile(manifestFile, JSON.stringify(manifest));
  await wrangler(["r2", "bulk", "put", MEDIA_BUCKET, "--local", ...persist, "--filename", manifestFile, "--content-type", "image/png"]);
  return seedDemoMedia(stateDir, persist, work);
}

const STEPS = ["vars", "data", "media"];

async function main() {
  const { values } = parseArgs({ options: { "persist-to": { type: "string" }, port: { type: "string" }, only: { type: "string" } } });
  if (values.only !== undefined && !STEPS.includes(values.only)) throw new Error(`--only takes one of ${STEPS.join(", ")}`);
  const runs = (step) => values.only === undefined || values.only === step;
  const persist = values["persist-to"] ? ["--persist-to", path.resolve(values["persist-to"])] : [];
  const where = values["persist-to"] ?? ".wrangler/state";
  const started = Date.now();
  const seconds = () => `${((Date.now() - started) / 1000).toFixed(1)} s`;

  // The vars step writes; the others only read what it wrote.
  const vars = runs("vars") ? await ensureDevVars(values.port) : parseDotenv(await readFile(DEV_VARS, "utf8").catch(() => ""));
  if (!vars.PASSWORD_PEPPER) throw new Error(".dev.vars has no PASSWORD_PEPPER: run scripts/prepare-local.mjs without --only first");

  const work = await mkdtemp(path.join(os.tmpdir(), "fl-seed-"));
  try {
    if (runs("data")) {
      await seedData(vars, persist, path.resolve(where), work);
      console.log(
        `prepare-local: seeded ${DEMO_ACCOUNTS.length} demo accounts, ${DEMO_EVENTS.length} demo events, ${DEMO_VENUES.length} saved venues and ${DEMO_TICKETS.length} demo ticket orders into ${where} (${seconds()})`,
      );
    }
    if (runs("media")) {
      const media = await seedMedia(path.resolve(where), persist, work);
      const made = media.generated ? `${media.generated} rendered, ${media.cached} from the cache` : "all from the cache";
      console.log(
        `prepare-local: demo media: ${media.files.length} files (${made}), ${media.uploaded ? `${media.uploaded} put into local R2` : "already in local R2"}, with the demo avatars and pictures (${seconds()})`,
      );
      // The live shows' demo source is the longest render: its time, when it was rendered now.
      console.log(`prepare-local: ${liveSourceLine(media).trim()}`);
    }
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(`prepare-local failed: ${error.message}`);
  process.exit(1);
});
