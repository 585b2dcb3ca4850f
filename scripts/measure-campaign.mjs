#!/usr/bin/env node
// Prints the newsletter campaign figures (decision 045): how long one campaign to --contacts
// subscribed contacts takes to drain through the campaign queue, what each queue step costs in
// D1, and the production arithmetic at the mail provider's limits. Figures, not a pass/fail
// (except the outbox check below): docs/measurements.md records them.
//
// In a throwaway local state (never the developer's) it applies the migrations, adds an
// administrator, and inserts the contacts with one INSERT ... SELECT (`wrangler d1 execute --local
// --file`): all subscribed to every topic and tagged "measure", one in --pt-share in pt-BR. Then it
// starts its own `wrangler dev` on 127.0.0.1 running the real Worker through
// scripts/lib/measure-campaign-entry.mjs (which only counts the consumers' D1 work, sorts it by
// step kind and adds loopback-only /__measure/* helpers), bundled once at the start so edits to the
// source meanwhile do not reload it. Miniflare runs the real campaign queue and its real consumer,
// with the local mail service (every mail a row in mail_outbox), as under `npm start`. Then, as the
// administrator: POST /api/admin/campaigns (a bilingual campaign: heading, paragraph, button;
// audience: tag "measure"), POST /api/admin/campaigns/audience (the exact count), POST
// /api/admin/campaigns/:id/send {scheduledAt: null, timeZone: "UTC"}, and GET
// /api/admin/campaigns/:id until it is "sent" (its own startedAt → finishedAt is the drain).
// The outbox must hold one row per recipient: otherwise it prints MISMATCH and exits 1.
// Usage: node scripts/measure-campaign.mjs [--contacts 100000] [--pt-share 0.3] [--seconds 1800]
//        [--stall-seconds 120] [--keep]
import { mkdir, rm } from "node:fs/promises";
import { loadavg, cpus } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { positiveInt, printTable } from "./lib/measure.mjs";
import { ROOT, wrangler } from "./lib/wrangler.mjs";
import { executeSql, frozenWorkerConfig, seedAdmin, startWorker } from "./lib/measure-worker.mjs";
import { residentMemory, workerdPids } from "./lib/process-memory.mjs";

const { values } = parseArgs({
  options: {
    contacts: { type: "string", default: "100000" },
    "pt-share": { type: "string", default: "0.3" },
    seconds: { type: "string", default: "1800" },
    "stall-seconds": { type: "string", default: "120" },
    keep: { type: "boolean", default: false },
  },
});

const contacts = positiveInt("contacts", values.contacts, 1_000_000);
const maxSeconds = positiveInt("seconds", values.seconds, 7200);
const stallSeconds = positiveInt("stall-seconds", values["stall-seconds"], 3600);
const ptShare = Number(values["pt-share"]);
if (!(ptShare >= 0 && ptShare <= 1)) {
  console.error("--pt-share must be a number from 0 to 1");
  process.exit(1);
}
/** Every contact carries this tag; the campaign's audience names it, so the tag filter is measured too. */
const TAG = "measure";
/** How often the campaign's progress is read while it drains. */
const POLL_MS = 250;

// The consumer's page sizes (worker/db/campaigns.ts SNAPSHOT_PAGE, worker/services/newsletter/
// campaigns.ts STEP_RECIPIENTS, worker/services/mail/types.ts MAIL_BATCH_LIMIT), for the expected
// step counts; the run counts the real ones.
const SNAPSHOT_PAGE = 5_000;
const STEP_RECIPIENTS = 500;
const MAIL_BATCH_LIMIT = 100;

/**
 * The providers' documented limits (read 2026-11-23 from their documentation, cited in
 * docs/measurements.md): Resend's batch endpoint takes up to 100 e-mails a call and a team may make
 * 2 requests a second by default (raised on request); Postmark's takes up to 500 messages a call
 * (50 MB), and Postmark publishes no numeric request rate (a 429 when too fast). The mail service
 * sends MAIL_BATCH_LIMIT (100) a call for both.
 */
const PROVIDERS = {
  resend: {
    perCall: 100,
    requestsPerSecond: 2,
    sources: ["https://resend.com/docs/api-reference/rate-limit", "https://resend.com/docs/dashboard/emails/batch-sending"],
  },
  postmark: { perCall: 500, requestsPerSecond: null, sources: ["https://postmarkapp.com/developer/user-guide/send-email-with-api/batch-emails"] },
};

/**
 * Prices used by the paper estimate (USD, Workers Paid, beyond each plan's monthly allowance),
 * the same as scripts/measure-notifications.mjs uses (cited in docs/measurements.md).
 */
const PRICE = {
  queueOpsPerMillion: 0.4, // Queues: per million operations (64 KB each written, read or deleted)
  d1RowsWrittenPerMillion: 1.0,
  d1RowsReadPerMillion: 0.001,
  workerRequestsPerMillion: 0.3,
};

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const fmt = (ms) => (Number.isNaN(ms) ? "-" : ms.toFixed(1));
const seconds = (ms) => `${(ms / 1000).toFixed(2)} s`;
const mib = (bytes) => `${(bytes / 1024 / 1024).toFixed(1)} MiB`;
const thousands = (n) => Math.round(n).toLocaleString("en-US");
const per = (n, d) => (d > 0 ? n / d : Number.NaN);
const oneDecimal = (n) => (Number.isNaN(n) ? "-" : n.toFixed(1));

// Seeding ----------------------------------------------------------------------------------------

/** The contacts, random ids like the site's, in one INSERT ... SELECT; every k-th in pt-BR. */
async function seedContacts(persistTo, workDir, count, now) {
  const every = ptShare > 0 ? Math.max(1, Math.round(1 / ptShare)) : 0;
  const locale = every ? `CASE WHEN i % ${every} = 0 THEN 'pt-BR' ELSE 'en' END` : `'en'`;
  const sql = `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${count})
INSERT INTO marketing_contacts (id, email, status, consent_at, source, locale, tags, topics, created_at, updated_at)
SELECT lower(hex(randomblob(4)) || '-' || hex(randomblob(2)) || '-' || hex(randomblob(2)) || '-' || hex(randomblob(2)) || '-' || hex(randomblob(6))),
       'subscriber_' || i || '@measure.example', 'subscribed', ${now}, 'import', ${locale}, '["${TAG}"]', '["news","events"]', ${now}, ${now} FROM n;\n`;
  const started = performance.now();
  await executeSql(persistTo, workDir, "contacts.sql", sql);
  return performance.now() - started;
}

// The local Worker's helpers ---------------------------------------------------------------------

async function json(response, what) {
  const body = await response.json().catch(() => null);
  if (!response.ok) throw new Error(`${what} answered ${response.status}: ${JSON.stringify(body)}`);
  return body;
}

/** A bilingual campaign as the editor writes it: heading, paragraph (bold and a link), button. */
const campaignBody = () => ({
  name: `Measurement ${new Date().toISOString()}`,
  topic: "news",
  subjectEn: "New single out Friday",
  subjectPtBr: "Single novo na sexta",
  bodyEn: [
    { type: "heading", text: "Spring Love is here" },
    {
      type: "paragraph",
      text: "The new single is out on **Friday**, with a video and a remix. Read the story on [the site](https://freestylelovers.example/music).",
    },
    { type: "button", label: "Listen now", href: "https://freestylelovers.example/music" },
  ],
  bodyPtBr: [
    { type: "heading", text: "Spring Love chegou" },
    {
      type: "paragraph",
      text: "O single novo sai na **sexta**, com clipe e remix. Leia a história no [site](https://freestylelovers.example/music).",
    },
    { type: "button", label: "Ouça agora", href: "https://freestylelovers.example/music" },
  ],
  audience: { kind: "all", tag: TAG },
});

/** Polls the campaign until it is sent; throws with what it saw if it stops moving or runs out of time. */
async function waitUntilSent(origin, cookie, id, deadline, onTick) {
  let last = "";
  let lastChange = performance.now();
  for (;;) {
    const campaign = await fetch(`${origin}/api/admin/campaigns/${id}`, { headers: { cookie } }).then((r) => json(r, "GET /api/admin/campaigns/:id"));
    onTick();
    if (campaign.status === "sent") return campaign;
    const seen = JSON.stringify([campaign.status, campaign.recipientsTotal, campaign.stats]);
    if (seen !== last) {
      last = seen;
      lastChange = performance.now();
    }
    const stalled = performance.now() - lastChange > stallSeconds * 1000;
    if (stalled || performance.now() > deadline || !["sending", "scheduled"].includes(campaign.status)) {
      const why = stalled
        ? `no progress for --stall-seconds ${stallSeconds}`
        : performance.now() > deadline
          ? `--seconds ${maxSeconds} ran out`
          : "it left 'sending'";
      const error = new Error(
        `STUCK: the campaign is not sent (${why}): status ${campaign.status}, recipientsTotal ${campaign.recipientsTotal}, stats ${JSON.stringify(campaign.stats)}`,
      );
      error.campaign = campaign;
      throw error;
    }
    await sleep(POLL_MS);
  }
}

// Production arithmetic --------------------------------------------------------------------------

function expectedSteps(recipients) {
  // The snapshot stops at the first page that is not full (an empty one when the count is a multiple).
  const snapshot = Math.floor(recipients / SNAPSHOT_PAGE) + 1;
  const send = Math.ceil(recipients / STEP_RECIPIENTS);
  return { snapshot, send, finish: 1, total: snapshot + send + 1, providerCalls: Math.ceil(recipients / MAIL_BATCH_LIMIT) };
}

function providerTimes(recipients) {
  const calls = Math.ceil(recipients / MAIL_BATCH_LIMIT);
  const resend = PROVIDERS.resend;
  return {
    calls,
    resendSeconds: calls / resend.requestsPerSecond,
    resendEmailsPerSecond: resend.perCall * resend.requestsPerSecond,
    postmarkCallsAt500: Math.ceil(recipients / PROVIDERS.postmark.perCall),
  };
}

function costEstimate(messages, rowsWritten, rowsRead) {
  const queueOps = messages * 3; // each message: one write, one read, one delete (under 64 KB)
  const workerRequests = 1 + messages; // the admin's POST, and (at worst) one consumer invocation per message
  const cost = {
    queue: (queueOps / 1e6) * PRICE.queueOpsPerMillion,
    d1Written: (rowsWritten / 1e6) * PRICE.d1RowsWrittenPerMillion,
    d1Read: (rowsRead / 1e6) * PRICE.d1RowsReadPerMillion,
    workers: (workerRequests / 1e6) * PRICE.workerRequestsPerMillion,
  };
  return { queueOps, workerRequests, cost, total: Object.values(cost).reduce((a, b) => a + b, 0) };
}

// The run ----------------------------------------------------------------------------------------

async function main() {
  const [load1] = loadavg();
  console.log(
    `Load average (1 min) at start: ${load1.toFixed(2)} on ${cpus().length} cores. Figures below are from one shared machine; read them as relative.`,
  );
  const deadline = performance.now() + maxSeconds * 1000;
  const stateDir = path.join(ROOT, ".tmp", "measure-campaign");
  const persistTo = path.join(stateDir, "state");
  const workDir = path.join(stateDir, "work");
  await rm(stateDir, { recursive: true, force: true });
  await mkdir(workDir, { recursive: true });
  let worker = null;
  let failed = false;
  try {
    await wrangler(["d1", "migrations", "apply", "DB", "--local", "--persist-to", persistTo]);
    const cookie = await seedAdmin(persistTo, workDir);
    const seedMs = await seedContacts(persistTo, workDir, contacts, Date.now());
    console.log(
      `Seeded an administrator and ${thousands(contacts)} subscribed contacts (tag "${TAG}", about ${Math.round(ptShare * 100)} % pt-BR) in ${seconds(seedMs)}.`,
    );
    worker = await startWorker(persistTo, workDir, { config: await frozenWorkerConfig(workDir, "scripts/lib/measure-campaign-entry.mjs") });
    const { origin } = worker;
    const pids = workerdPids(worker.pid);
    const headers = { "content-type": "application/json", origin, cookie };
    console.log(`Target ${origin} (wrangler dev: workerd, local D1, Miniflare's campaign queue with the real consumer, local mail into mail_outbox).\n`);

    const created = await fetch(`${origin}/api/admin/campaigns`, { method: "POST", headers, body: JSON.stringify(campaignBody()) }).then((r) =>
      json(r, "POST /api/admin/campaigns"),
    );
    const countStarted = performance.now();
    const audience = await fetch(`${origin}/api/admin/campaigns/audience`, {
      method: "POST",
      headers,
      body: JSON.stringify({ topic: created.topic, audience: created.audience }),
    }).then((r) => json(r, "POST /api/admin/campaigns/audience"));
    const countMs = performance.now() - countStarted;
    console.log(
      `Campaign ${created.id} (${created.status}); audience count ${thousands(audience.count)} (en ${thousands(audience.byLocale.en)}, pt-BR ${thousands(audience.byLocale["pt-BR"])}) answered in ${fmt(countMs)} ms.`,
    );

    await fetch(`${origin}/__measure/d1`, { method: "POST" }).then((r) => json(r, "/__measure/d1"));
    await fetch(`${origin}/__measure/campaign-reset`, { method: "POST" }).then((r) => json(r, "/__measure/campaign-reset"));
    const rssBefore = residentMemory(pids).current;
    let peakRss = rssBefore;
    const sampler = setInterval(() => (peakRss = Math.max(peakRss, residentMemory(pids).current)), 100);
    let sent;
    let postMs;
    let sentAt;
    let progressLines = 0;
    let lastReport = performance.now();
    try {
      sentAt = performance.now();
      await fetch(`${origin}/api/admin/campaigns/${created.id}/send`, {
        method: "POST",
        headers,
        body: JSON.stringify({ scheduledAt: null, timeZone: "UTC" }),
      }).then((r) => json(r, "POST /api/admin/campaigns/:id/send"));
      postMs = performance.now() - sentAt;
      sent = await waitUntilSent(origin, cookie, created.id, deadline, () => {
        if (performance.now() - lastReport > 30_000) {
          lastReport = performance.now();
          progressLines++;
          console.log(`  … ${seconds(performance.now() - sentAt)} after the send`);
        }
      });
    } finally {
      clearInterval(sampler);
    }
    const clientMs = performance.now() - sentAt;
    const memory = residentMemory(pids);
    const figures = await fetch(`${origin}/__measure/campaign?id=${encodeURIComponent(created.id)}`).then((r) => json(r, "/__measure/campaign"));
    const counts = await fetch(`${origin}/__measure/d1`).then((r) => json(r, "/__measure/d1"));

    const drainMs = Date.parse(sent.finishedAt) - Date.parse(sent.startedAt);
    const recipients = sent.recipientsTotal;
    const mailed = sent.stats.sent;
    const expected = expectedSteps(recipients);
    const steps = figures.steps;
    const stepMessages = Object.values(steps).reduce((a, s) => a + s.messages, 0);
    const outbox = figures.outbox;
    const byStatus = Object.fromEntries(figures.recipients.map((r) => [r.status, r.n]));

    console.log(
      `\nSent: POST answered in ${fmt(postMs)} ms; status "${sent.status}", started ${sent.startedAt}, finished ${sent.finishedAt}; ${seconds(clientMs)} by this client's polling.`,
    );
    printTable(
      ["figure", "value"],
      [
        ["contacts seeded", thousands(contacts)],
        ["audience count (POST …/audience)", thousands(audience.count)],
        ["recipients (campaign recipientsTotal)", thousands(recipients)],
        [
          "recipient rows by status",
          Object.entries(byStatus)
            .map(([s, n]) => `${s} ${thousands(n)}`)
            .join(", "),
        ],
        ["time to drain (startedAt → finishedAt)", seconds(drainMs)],
        ["e-mails per second", thousands(per(mailed, drainMs / 1000))],
        [
          "queue steps counted (snapshot / send / finish)",
          `${steps.snapshot.messages} / ${steps.send.messages} / ${steps.finish.messages} (${stepMessages} in all)`,
        ],
        ["queue steps expected from the page sizes", `${expected.snapshot} / ${expected.send} / ${expected.finish} (${expected.total} in all)`],
        ["provider batch calls (of up to 100)", thousands(expected.providerCalls)],
        ["outbox rows written (all / this campaign's keys)", `${thousands(outbox.total)} / ${thousands(outbox.campaign)}`],
        ["outbox distinct keys / distinct addresses", `${thousands(outbox.keys)} / ${thousands(outbox.addresses)}`],
        ["workerd RSS before the send", mib(rssBefore)],
        ["workerd peak RSS during it (sampled)", mib(peakRss)],
        ["workerd VmHWM (lifetime)", mib(memory.peak)],
      ],
    );

    console.log("\nConsumer's D1 work per step, by kind (counted by the measurement entry; D1 meta rows, first() reads not counted):");
    printTable(
      ["step kind", "steps", "ms / step", "statements / step", "round trips / step", "rows written / step", "rows read / step"],
      ["snapshot", "send", "finish", "start", "other"]
        .filter((k) => steps[k].messages > 0)
        .map((k) => {
          const s = steps[k];
          return [
            k,
            String(s.messages),
            oneDecimal(per(s.ms, s.messages)),
            oneDecimal(per(s.queries + s.batchStatements, s.messages)),
            oneDecimal(per(s.queries + s.batches, s.messages)),
            thousands(per(s.rowsWritten, s.messages)),
            thousands(per(s.rowsRead, s.messages)),
          ];
        })
        .concat(
          // The local mail service writes each message as one outbox statement, a D1 batch per provider
          // call: production sends those to the provider instead.
          steps.send.messages > 0
            ? [
                [
                  "send, less the outbox",
                  String(steps.send.messages),
                  "-",
                  oneDecimal(per(steps.send.queries + steps.send.batchStatements - outbox.total, steps.send.messages)),
                  oneDecimal(per(steps.send.queries + steps.send.batches - expected.providerCalls, steps.send.messages)),
                  thousands(per(steps.send.rowsWritten - outbox.total * figures.outboxRowWrites, steps.send.messages)),
                  thousands(per(steps.send.rowsRead, steps.send.messages)),
                ],
              ]
            : [],
        ),
    );
    console.log(
      `All consumer D1 work: ${thousands(counts.queries + counts.batchStatements)} statements in ${thousands(counts.queries + counts.batches)} round trips, ${thousands(counts.rowsWritten)} rows written, ${thousands(counts.rowsRead)} rows read.`,
    );

    // The outbox check: one row per recipient, exactly once.
    const problems = [];
    if (outbox.campaign !== recipients) problems.push(`outbox rows with this campaign's keys ${outbox.campaign} ≠ recipients ${recipients}`);
    if (outbox.total !== recipients) problems.push(`outbox rows ${outbox.total} ≠ recipients ${recipients}`);
    if (outbox.addresses !== recipients) problems.push(`distinct outbox addresses ${outbox.addresses} ≠ recipients ${recipients}`);
    if (mailed !== recipients) problems.push(`recipient rows sent ${mailed} ≠ recipients ${recipients}`);
    if (recipients !== audience.count) problems.push(`recipients ${recipients} ≠ audience count ${audience.count}`);
    if (problems.length > 0) {
      failed = true;
      console.log(`\nMISMATCH: ${problems.join("; ")}.`);
    } else {
      console.log(`\nOutbox check: ${thousands(outbox.total)} rows = ${thousands(recipients)} recipients, one per address and key.`);
    }

    // Production arithmetic ----------------------------------------------------------------------
    const n = 100_000;
    const times = providerTimes(n);
    const scale = n / Math.max(1, recipients);
    const e = expectedSteps(n);
    // Production has no outbox: its rows (and their index entries, measured by a probe row) are taken out.
    const outboxWrites = outbox.total * figures.outboxRowWrites;
    const prodRowsWritten = Math.max(0, counts.rowsWritten - outboxWrites) * scale;
    const prodRowsRead = counts.rowsRead * scale;
    const c = costEstimate(e.total, prodRowsWritten, prodRowsRead);
    const measuredRate = per(mailed, drainMs / 1000);
    console.log(
      `\nProduction arithmetic for ${thousands(n)} recipients (the consumer sends ${MAIL_BATCH_LIMIT} a provider call: ${thousands(times.calls)} calls):`,
    );
    printTable(
      ["provider", "per call (documented)", "rate limit (documented)", "time for 100,000 at the limit", "source"],
      [
        [
          "Resend /emails/batch",
          String(PROVIDERS.resend.perCall),
          `${PROVIDERS.resend.requestsPerSecond} requests/s per team (default)`,
          `${thousands(times.calls)} calls / 2 per s = ${seconds(times.resendSeconds * 1000)} (${(times.resendSeconds / 60).toFixed(1)} min, ${thousands(times.resendEmailsPerSecond)} e-mails/s)`,
          PROVIDERS.resend.sources.join(" "),
        ],
        [
          "Postmark /email/batch",
          `${PROVIDERS.postmark.perCall} (50 MB)`,
          "none published (429 when too fast)",
          `${thousands(times.calls)} calls of 100 here (${thousands(times.postmarkCallsAt500)} at 500)`,
          PROVIDERS.postmark.sources.join(" "),
        ],
        [
          "this run (local outbox, no provider)",
          String(MAIL_BATCH_LIMIT),
          "-",
          `${seconds((n / measuredRate) * 1000)}${recipients === n ? "" : " (at this run's rate)"}`,
          "measured above",
        ],
      ],
    );
    console.log(
      `At Resend's default 2 requests/s the provider, not the queue, sets the pace: the consumer (${oneDecimal(measuredRate)} e-mails/s here) would meet 429s, which the live mail service retries after Retry-After.`,
    );
    console.log(`\nPaper estimate: one campaign to ${thousands(n)} recipients in production (USD, Workers Paid, beyond the monthly allowances):`);
    printTable(
      ["item", "units", "price", "cost"],
      [
        ["Queues operations (steps × 3)", thousands(c.queueOps), `$${PRICE.queueOpsPerMillion}/M`, `$${c.cost.queue.toFixed(4)}`],
        ["D1 rows written (no outbox)", thousands(prodRowsWritten), `$${PRICE.d1RowsWrittenPerMillion}/M`, `$${c.cost.d1Written.toFixed(4)}`],
        ["D1 rows read", thousands(prodRowsRead), `$${PRICE.d1RowsReadPerMillion}/M`, `$${c.cost.d1Read.toFixed(4)}`],
        ["Workers requests", thousands(c.workerRequests), `$${PRICE.workerRequestsPerMillion}/M`, `$${c.cost.workers.toFixed(4)}`],
        ["total", "", "", `$${c.total.toFixed(4)}`],
      ],
    );
    console.log(
      [
        `Assumptions: ${e.total} queue steps (${e.snapshot} snapshot pages of ${SNAPSHOT_PAGE}, ${e.send} send steps of ${STEP_RECIPIENTS}, 1 finishing), each message under 64 KB = 3 operations, no retries;`,
        "every message one Workers request (the consumer takes one at a time); the admin's POST one more;",
        `D1 rows are what local D1 reported for the consumer's statements${scale !== 1 ? `, scaled from ${thousands(recipients)} to ${thousands(n)} recipients` : ""},`,
        `less the local outbox (${thousands(outbox.total)} rows × ${figures.outboxRowWrites} rows written each, index entries included): production mails through the provider instead;`,
        "not included: the provider's own price, CPU time, storage of the recipient rows, the monthly allowances (10M requests, 1M queue ops, 50M D1 rows written).",
      ].join("\n"),
    );
    if (progressLines > 0) console.log(`(${progressLines} progress lines above were printed while it drained.)`);
  } catch (error) {
    failed = true;
    console.error(error instanceof Error ? error.message : error);
    if (error?.campaign) console.error(`Campaign as last read: ${JSON.stringify(error.campaign)}`);
    if (worker && error?.campaign) {
      const figures = await fetch(`${worker.origin}/__measure/campaign?id=${encodeURIComponent(error.campaign.id)}`)
        .then((r) => r.json())
        .catch(() => null);
      if (figures) console.error(`Measurement entry: ${JSON.stringify(figures)}`);
    }
  } finally {
    await worker?.stop();
    if (!values.keep) await rm(stateDir, { recursive: true, force: true });
  }
  process.exit(failed ? 1 : 0);
}

await main();
