// Local demo only: two remix contests (decision 184) on the iconic 'Spring Love', so `npm start`
// shows the contest page in both of its busy phases. "Spring Love Remix Contest" is voting now,
// with four entries by demo members whose remixes the tracks' audio generator renders (MP3s put
// into local R2 under contest-entries/, as the Worker stores an entry's audio) and a few votes
// (their counts stay hidden until the results); the demo fan has their votes left to try. Each
// entry's MP3 is its own streaming copy, its waveform's peaks computed from the same signal.
// "Moonlight Boulevard Remix Contest" takes entries now, open to every member, for the enter form,
// with three stems to download (WAVs the masters' generator renders, put into local R2 under
// contest-stems/<contest>/, as the Worker stores a stem).
// Inserted once by fixed ids (INSERT OR IGNORE keeps what someone changed); every seed moves their
// times back around now and takes back results computed since, so the phases stay as described.
import { createHash } from "node:crypto";
import { DAY_MS } from "../../worker/lib/time.ts";
import { SAMPLE_RATE } from "./demo-audio.mjs";
import { demoEntryPeaks } from "./demo-contest-peaks.mjs";
// The rules a contest saved without its own has.
import { DEFAULT_CONTEST_RULES as RULES } from "../../worker/contracts/contests/limits.ts";

const sqlText = (value) => (value == null ? "NULL" : `'${String(value).replaceAll("'", "''")}'`);
const member = (n) => `00000000-0000-4000-8000-00000000a00${n}`;
const ADMIN = member(1);
const VIP = member(2);
const MARIA = member(4);
const CARLOS = member(5);
const DOOR = member(6);

/** A remix's length: inside the Worker's 30 s to 15 min, short enough to render in a second or two. */
const ENTRY_SECONDS = 40;

/** The R2 key of an entry's audio, in the Worker's shape (`contest-entries/<entry id>-<16 hex>.mp3`), stable across seeds. */
const entryAudioKey = (entryId) => `contest-entries/${entryId}-${createHash("sha256").update(`demo-contest-entry:${entryId}`).digest("hex").slice(0, 16)}.mp3`;

export const DEMO_CONTESTS = [
  {
    id: "00000000-0000-4000-8000-0000000c0001",
    trackId: "spring-love",
    titleEn: "Spring Love Remix Contest",
    titlePtBr: "Concurso de Remix de Spring Love",
    briefEn: "Take the 1988 classic somewhere new: keep the hook, change everything else. The fans vote for the remix released on the site.",
    briefPtBr: "Leve o clássico de 1988 para outro lugar: mantenha o refrão, mude todo o resto. Os fãs votam no remix que sai no site.",
    prizesEn: "The winning remix is released on the site with its credit.",
    prizesPtBr: "O remix vencedor é lançado no site com o seu crédito.",
    // Days from the seed: opened 20 days ago, entries closed 3 days ago, voting for another week.
    times: { opens: -20, entriesClose: -3, votingOpens: -3, votingCloses: 7 },
    entriesPerMember: 1,
    entries: [
      { id: "00000000-0000-4000-8000-0000000ce001", userId: MARIA, title: "Spring Love (Maria's Sunrise Mix)", note: "Slower, warmer, more bass." },
      { id: "00000000-0000-4000-8000-0000000ce002", userId: CARLOS, title: "Spring Love (Bronx Club Edit)", note: "Built for the dance floor." },
      { id: "00000000-0000-4000-8000-0000000ce003", userId: VIP, title: "Spring Love (Neon Dub)", note: "" },
      { id: "00000000-0000-4000-8000-0000000ce004", userId: DOOR, title: "Spring Love (Late Shift Remix)", note: "Made between doors." },
    ],
    votes: [
      [ADMIN, "00000000-0000-4000-8000-0000000ce001"],
      [ADMIN, "00000000-0000-4000-8000-0000000ce002"],
      [MARIA, "00000000-0000-4000-8000-0000000ce002"],
      [CARLOS, "00000000-0000-4000-8000-0000000ce001"],
      [VIP, "00000000-0000-4000-8000-0000000ce004"],
    ],
  },
  {
    id: "00000000-0000-4000-8000-0000000c0002",
    trackId: "moonlight-boulevard-1",
    titleEn: "Moonlight Boulevard Remix Contest",
    titlePtBr: "Concurso de Remix de Moonlight Boulevard",
    briefEn: "Remix 'Moonlight Boulevard' your way. Entries are open to every member: up to two remixes each, WAV, FLAC or MP3.",
    briefPtBr: "Remixe 'Moonlight Boulevard' do seu jeito. As inscrições são abertas a todos os membros: até dois remixes cada, em WAV, FLAC ou MP3.",
    prizesEn: "",
    prizesPtBr: "",
    times: { opens: -2, entriesClose: 12, votingOpens: 12, votingCloses: 19 },
    entriesPerMember: 2,
    entries: [],
    votes: [],
    stems: [
      { id: "00000000-0000-4000-8000-0000000c5001", name: "Moonlight Boulevard - Drums.wav" },
      { id: "00000000-0000-4000-8000-0000000c5002", name: "Moonlight Boulevard - Bass.wav" },
      { id: "00000000-0000-4000-8000-0000000c5003", name: "Moonlight Boulevard - Lead.wav" },
    ],
  },
];

/** A stem's length: short, so the demo's ZIP is a few MB. */
const STEM_SECONDS = 20;

/** The demo stems for the media step and the seed: each rendered from its own id as a mono 16-bit WAV (scripts/lib/demo-audio-wav.mjs), so its size is known here. */
export const DEMO_CONTEST_STEM_AUDIO = DEMO_CONTESTS.flatMap((contest) =>
  (contest.stems ?? []).map((stem) => ({
    contestId: contest.id,
    id: stem.id,
    name: stem.name,
    key: `contest-stems/${contest.id}/${stem.id}.wav`,
    durationSeconds: STEM_SECONDS,
    bytes: 44 + Math.round(STEM_SECONDS * SAMPLE_RATE) * 2,
  })),
);

/** The demo entries' remixes for the media step: each rendered from its own id, so each sounds different. */
export const DEMO_CONTEST_ENTRY_AUDIO = DEMO_CONTESTS.flatMap((contest) =>
  contest.entries.map((entry) => ({ id: entry.id, key: entryAudioKey(entry.id), durationSeconds: ENTRY_SECONDS })),
);

/** The contests' SQL for a seed at `now`: rows once, times moved to stay around now. */
export function demoContestsSql(now) {
  const out = [];
  for (const contest of DEMO_CONTESTS) {
    const id = sqlText(contest.id);
    const at = (days) => Math.floor((now + days * DAY_MS) / 60_000) * 60_000;
    const { opens, entriesClose, votingOpens, votingCloses } = contest.times;
    const times = [at(opens), at(entriesClose), at(votingOpens), at(votingCloses)];
    out.push(
      `INSERT OR IGNORE INTO contests (id, track_id, title_en, title_pt_br, brief_en, brief_pt_br, rules_en, rules_pt_br, prizes_en, prizes_pt_br,
         stems_access, enter_access, opens_at, entries_close_at, voting_opens_at, voting_closes_at, winner_by, fan_weight_percent, votes_per_member,
         entries_per_member, max_upload_mb, created_at, updated_at)
       SELECT ${id}, id, ${sqlText(contest.titleEn)}, ${sqlText(contest.titlePtBr)}, ${sqlText(contest.briefEn)}, ${sqlText(contest.briefPtBr)},
         ${sqlText(RULES.en)}, ${sqlText(RULES["pt-BR"])}, ${sqlText(contest.prizesEn)}, ${sqlText(contest.prizesPtBr)}, 'members', 'members',
         ${times.join(", ")}, 'fans', 100, 3, ${contest.entriesPerMember}, 50, ${now}, ${now}
       FROM tracks WHERE id = ${sqlText(contest.trackId)};`,
      // Results computed since the last seed would stop the voting the demo shows: taken back with the times.
      `DELETE FROM contest_results WHERE contest_id = ${id};`,
      `UPDATE contests SET opens_at = ${times[0]}, entries_close_at = ${times[1]}, voting_opens_at = ${times[2]}, voting_closes_at = ${times[3]}, results_at = NULL WHERE id = ${id};`,
      // Its room for talk (decision 198), as the Worker's writes keep it: open again with the results taken back.
      `INSERT INTO rooms (id, name_en, name_pt_br, read_access, write_access, archived_at, contest_id, created_at, updated_at)
       SELECT 'contest-' || id, title_en, title_pt_br, enter_access, enter_access, NULL, id, ${now}, ${now} FROM contests WHERE id = ${id}
       ON CONFLICT (id) DO UPDATE SET archived_at = NULL;`,
    );
    contest.entries.forEach((entry, i) => {
      const made = at(contest.times.opens) + (i + 1) * DAY_MS;
      out.push(
        `INSERT OR IGNORE INTO contest_entries (id, contest_id, user_id, title, note, status, audio_key, audio_format, audio_bytes, duration_seconds, licence_accepted_at, created_at, updated_at)
         SELECT ${sqlText(entry.id)}, c.id, u.id, ${sqlText(entry.title)}, ${sqlText(entry.note)}, 'submitted', ${sqlText(entryAudioKey(entry.id))}, 'mp3', NULL, ${ENTRY_SECONDS}, ${made}, ${made}, ${made}
           FROM contests c JOIN users u ON u.id = ${sqlText(entry.userId)} WHERE c.id = ${id};`,
        // The remix is an MP3 (its own streaming copy) with its waveform, so the page shows it at once (decision 195).
        `UPDATE contest_entries SET stream_key = audio_key, stream_state = 'ready', peaks = ${sqlText(demoEntryPeaks({ id: entry.id, durationSeconds: ENTRY_SECONDS }))}
          WHERE id = ${sqlText(entry.id)} AND audio_key = ${sqlText(entryAudioKey(entry.id))};`,
      );
    });
    for (const [i, stem] of DEMO_CONTEST_STEM_AUDIO.filter((s) => s.contestId === contest.id).entries()) {
      out.push(
        `INSERT OR IGNORE INTO contest_stems (id, contest_id, name, r2_key, format, bytes, created_at)
         SELECT ${sqlText(stem.id)}, c.id, ${sqlText(stem.name)}, ${sqlText(stem.key)}, 'wav', ${stem.bytes}, ${at(contest.times.opens) + i * 60_000}
           FROM contests c WHERE c.id = ${id};`,
      );
    }
    for (const [userId, entryId] of contest.votes) {
      out.push(
        `INSERT OR IGNORE INTO contest_votes (contest_id, entry_id, user_id, cast_at)
         SELECT contest_id, id, ${sqlText(userId)}, ${now} FROM contest_entries WHERE id = ${sqlText(entryId)} AND status = 'submitted' AND user_id <> ${sqlText(userId)}
           AND EXISTS (SELECT 1 FROM users WHERE id = ${sqlText(userId)});`,
      );
    }
  }
  return out;
}
