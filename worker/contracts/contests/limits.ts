// Remix contests (decision 184): the limits and English texts the Worker's rules and the pages
// share, zod-free. Each form rule's text belongs to one code (contests.words.ts names them).
import { IMPORT_PART_BYTES, IMPORT_STALE_AFTER_MS, importPartCount, importPartLength } from "../music/admin-catalog-import-limits.ts";

export const CONTEST_TITLE_MAX = 120;
export const CONTEST_TEXT_MAX = 8000;
export const CONTEST_PRIZES_MAX = 2000;
export const CONTEST_VOTES_MAX = 20;
export const CONTEST_ENTRIES_MAX = 5;
/**
 * The largest entry an admin may allow. Above ENTRY_SINGLE_REQUEST_MAX_MB an entry goes in parts
 * (the resumable upload, decision 194), since the platform caps one request's body at 100 MB.
 */
export const CONTEST_UPLOAD_MAX_MB = 500;
/** An entry's audio sent as one request (PUT …/audio): the platform's cap on a body. */
export const ENTRY_SINGLE_REQUEST_MAX_MB = 100;
/** An entry's resumable upload goes in parts of the folder import's size (8 MiB, the last shorter). */
export const ENTRY_PART_BYTES = IMPORT_PART_BYTES;
export const entryPartCount = importPartCount;
export const entryPartLength = importPartLength;
/** An entry upload not finished this long after its last part is aborted by the contests' job, as the import's are. */
export const ENTRY_UPLOAD_STALE_AFTER_MS = IMPORT_STALE_AFTER_MS;
/** The formats an entry is declared as when its resumable upload starts. */
export const ENTRY_AUDIO_FORMATS = ["wav", "flac", "mp3"] as const;
export type EntryAudioFormat = (typeof ENTRY_AUDIO_FORMATS)[number];
/** uploading: parts arriving; done: the file is the entry's; failed: refused, replaced, expired. */
export type EntryUploadState = "uploading" | "done" | "failed";
export const CONTEST_UPLOAD_DEFAULT_MB = 50;
/** A remix's playing time, in seconds: a sketch is not an entry, nor is an hour-long set. */
export const ENTRY_DURATION_MIN_SECONDS = 30;
export const ENTRY_DURATION_MAX_SECONDS = 15 * 60;
export const ENTRY_TITLE_MAX = 120;
export const ENTRY_NOTE_MAX = 1000;
/** Co-authors an entrant may name on one entry (each confirms before being credited). */
export const ENTRY_CO_AUTHORS_MAX = 4;
/** A stem travels in one request, as an entry does, so the platform's 100 MB is its cap too. */
export const STEM_MAX_MB = 100;
/** Stems per contest: with each at most STEM_MAX_MB the ZIP stays under 4 GB, which a ZIP without ZIP64 cannot pass. */
export const CONTEST_STEMS_MAX = 24;
/** The stems' ZIPs a member may download per contest per UTC day. */
export const STEM_DOWNLOADS_PER_DAY = 5;
/** A stem's name, as the ZIP names its file: letters, digits, spaces, dots, dashes and underscores. */
export const STEM_NAME_PATTERN = /^[A-Za-z0-9][A-Za-z0-9 ._-]{0,79}$/;

/** Who may download the stems, or who may enter: members, a tier and above, or ticket holders of an event. */
export const CONTEST_ACCESS_KINDS = ["members", "tier", "ticket"] as const;
export type ContestAccessKind = (typeof CONTEST_ACCESS_KINDS)[number];

/** How the winner is chosen: the fans' votes, a jury's scores, or both with the fans' weight. */
export const CONTEST_WINNER_MODES = ["fans", "jury", "both"] as const;
export type ContestWinnerMode = (typeof CONTEST_WINNER_MODES)[number];

/** The rules and licence an entrant accepts when the admin writes none. */
export const DEFAULT_CONTEST_RULES = {
  en: [
    "By entering you confirm the remix is your own work, made from the official stems and no samples you have no right to use.",
    "You license the artist to play, stream and publish your remix on this site and its channels, with your credit; you keep your authorship.",
    "You may not release the remix elsewhere, or sell it, without the artist's written permission.",
    "Entries that break these rules, or votes bought or made with fake accounts, are removed.",
  ].join("\n"),
  "pt-BR": [
    "Ao participar você confirma que o remix é obra sua, feito com as faixas oficiais e sem amostras que você não tem direito de usar.",
    "Você licencia o artista a tocar, transmitir e publicar o seu remix neste site e nos seus canais, com o seu crédito; a autoria continua sua.",
    "Você não pode lançar o remix em outro lugar, nem vendê-lo, sem a permissão por escrito do artista.",
    "Inscrições que quebrem estas regras, ou votos comprados ou feitos com contas falsas, são removidos.",
  ].join("\n"),
} as const;

export const CONTEST_FORM_MESSAGES = {
  titleRequired: "Give the contest a title in both languages",
  titleTooLong: `A contest title has at most ${CONTEST_TITLE_MAX} characters`,
  textTooLong: `The contest's texts have at most ${CONTEST_TEXT_MAX} characters each`,
  prizesTooLong: `The prizes have at most ${CONTEST_PRIZES_MAX} characters`,
  briefRequired: "Write the brief",
  trackRequired: "Choose the contest's track",
  tierRequired: "Choose the lowest tier admitted",
  eventRequired: "Choose the event whose ticket holders are admitted",
  timeInvalid: "Enter each of the contest's times as a date and time",
  timesRequired: "Set the opening, the entry deadline and the voting window",
  timesOrder: "The times must follow each other: opening, entry deadline, voting opens, voting closes",
  weightInvalid: "The fans' weight is a whole percentage from 0 to 100",
  votesInvalid: `Votes per member: a whole number from 1 to ${CONTEST_VOTES_MAX}`,
  entriesInvalid: `Entries per member: a whole number from 1 to ${CONTEST_ENTRIES_MAX}`,
  juryScoreInvalid: "A jury score is a whole number from 0 to 100",
  uploadInvalid: `The largest entry: a whole number of megabytes from 1 to ${CONTEST_UPLOAD_MAX_MB}`,
} as const;

export const CONTEST_ENTRY_MESSAGES = {
  titleRequired: "Give your remix a title",
  titleTooLong: `A remix title has at most ${ENTRY_TITLE_MAX} characters`,
  noteTooLong: `The note has at most ${ENTRY_NOTE_MAX} characters`,
  licenceRequired: "Accept the contest's rules and licence to enter",
  coAuthorsTooMany: `Name at most ${ENTRY_CO_AUTHORS_MAX} co-authors`,
  coAuthorInvalid: "A co-author is named by their username",
  uploadFormatInvalid: "An entry is declared as WAV, FLAC or MP3",
  uploadSizeInvalid: "An entry's size is a whole number of bytes, at least one",
} as const;

/** The English of each refusal the contests' routes answer (the words file gives each its code and status). */
export const CONTEST_MESSAGES = {
  notFound: "Contest not found",
  trackUnknown: "That track is not in the catalog",
  eventUnknown: "That event does not exist",
  closed: "This contest's results are out: it can no longer be changed",
  entryNotFound: "Entry not found",
  notAllowedToEnter: "This contest is open to other members",
  entriesClosed: "This contest is not taking entries now",
  entriesUsedUp: "You have entered as many remixes as this contest allows",
  notAudio: "An entry is a WAV, FLAC or MP3 file",
  audioTooLarge: "The file is larger than this contest allows",
  durationOutOfRange: `A remix lasts from ${ENTRY_DURATION_MIN_SECONDS} seconds to ${ENTRY_DURATION_MAX_SECONDS / 60} minutes`,
  entryHasNoAudio: "Upload the remix first",
  votingClosed: "Voting is not open now",
  votesUsedUp: "You have used all your votes in this contest",
  ownEntry: "You cannot vote for your own remix",
  alreadyVoted: "You have already voted for this remix",
  voteNotFound: "You have not voted for this remix",
  resultsNotOut: "The results are not out yet",
  notEligibleToVote: "Votes come from verified accounts that existed before the contest opened",
  stemNotAudio: "A stem is a WAV, FLAC or MP3 file",
  stemTooLarge: `A stem is at most ${STEM_MAX_MB} MB`,
  stemNameInvalid: "A stem's name is 1 to 80 letters, digits, spaces, dots, dashes or underscores, starting with a letter or digit",
  stemExists: "This contest already has a stem of that name",
  stemsFull: `A contest holds at most ${CONTEST_STEMS_MAX} stems`,
  stemNotFound: "Stem not found",
  stemsNotAllowed: "This contest's stems are open to other members",
  stemsNone: "This contest has no stems yet",
  coAuthorSelf: "You are the entrant: name other members as co-authors",
  coAuthorUnknown: "No member has that username",
  coAuthored: "You cannot vote for a remix you co-authored",
  creditNotFound: "You are not named on this entry",
  uploadNotFound: "This upload is not this entry's, or has been given up",
  uploadClosed: "This upload is finished or given up: start again",
  uploadPartsMissing: "Some parts of this file are not uploaded yet",
  uploadFirstPartFirst: "The first part must be uploaded first: it decides the file's type",
  uploadPartInvalid: "This part is not one of this file's parts",
  stemDownloadsUsedUp: `You have downloaded these stems ${STEM_DOWNLOADS_PER_DAY} times today: try again tomorrow`,
} as const;
