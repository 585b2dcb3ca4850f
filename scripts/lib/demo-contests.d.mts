// Types for demo-contests.mjs so TypeScript tests can import it.
export type DemoContestEntrySeed = { id: string; userId: string; title: string; note: string };
export type DemoContestSeed = {
  id: string;
  trackId: string;
  titleEn: string;
  titlePtBr: string;
  briefEn: string;
  briefPtBr: string;
  prizesEn: string;
  prizesPtBr: string;
  /** Days from the seed's time. */
  times: { opens: number; entriesClose: number; votingOpens: number; votingCloses: number };
  entriesPerMember: number;
  entries: DemoContestEntrySeed[];
  /** [voter's id, entry id] */
  votes: [string, string][];
  /** The stems the contest has, by id and the name the ZIP gives each. */
  stems?: { id: string; name: string }[];
};
export type DemoContestEntryAudio = { id: string; key: string; durationSeconds: number };
export const DEMO_CONTESTS: DemoContestSeed[];
export const DEMO_CONTEST_ENTRY_AUDIO: DemoContestEntryAudio[];
export type DemoContestStemAudio = { contestId: string; id: string; name: string; key: string; durationSeconds: number; bytes: number };
export const DEMO_CONTEST_STEM_AUDIO: DemoContestStemAudio[];
export function demoContestsSql(now: number): string[];
