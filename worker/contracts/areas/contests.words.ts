// The remix contests' words: the back office's audit actions, the entrants' notifications, the codes of the contests' refusals
// and of their forms' rules, each with its English.
import type { AuditActionNames, NotificationKinds, RouteCodeWords, ValidationCodeWords } from "./area";
import {
  CONTEST_ENTRIES_MAX,
  CONTEST_ENTRY_MESSAGES as E,
  CONTEST_FORM_MESSAGES as F,
  CONTEST_MESSAGES as M,
  CONTEST_PRIZES_MAX,
  CONTEST_TEXT_MAX,
  CONTEST_TITLE_MAX,
  CONTEST_UPLOAD_MAX_MB,
  CONTEST_VOTES_MAX,
  ENTRY_CO_AUTHORS_MAX,
  ENTRY_NOTE_MAX,
  ENTRY_TITLE_MAX,
} from "../contests/limits.ts";
import { FAIR_PLAY_MESSAGES as P, FAIR_PLAY_REASON_MAX, VOID_VOTES_MAX } from "../contests/fair-play-limits.ts";
import { releaseAuditActions, releaseRouteCodes, releaseValidationCodes } from "../contests/release-words.ts";

export const auditActions = {
  "contest.create": { en: "Contest created", "pt-BR": "Concurso criado" },
  "contest.update": { en: "Contest edited", "pt-BR": "Concurso editado" },
  "contest.cover": { en: "Contest cover changed", "pt-BR": "Capa do concurso alterada" },
  "contest.jury_score": { en: "Contest entry scored by the jury", "pt-BR": "Inscrição do concurso avaliada pelo júri" },
  "contest.stem_add": { en: "Contest stem uploaded", "pt-BR": "Faixa (stem) do concurso enviada" },
  "contest.stem_delete": { en: "Contest stem deleted", "pt-BR": "Faixa (stem) do concurso excluída" },
  "contest.entry_hide": { en: "Contest entry hidden", "pt-BR": "Inscrição do concurso ocultada" },
  "contest.entry_unhide": { en: "Contest entry shown again", "pt-BR": "Inscrição do concurso exibida de novo" },
  "contest.reports_dismiss": { en: "Contest entry's reports dismissed", "pt-BR": "Denúncias da inscrição do concurso descartadas" },
  "contest.vote_void": { en: "Contest vote voided", "pt-BR": "Voto do concurso anulado" },
  ...releaseAuditActions,
} as const satisfies AuditActionNames;

/** The notifications it sends: how loudly each arrives, its line in the settings and its sentence in the centre. */
export const notificationKinds = {
  /** The member's remix (their own or one they co-authored) won a contest, sent once when its results are computed. */
  contest_won: {
    urgent: true,
    loud: true,
    label: { en: "My remixes that win a contest", "pt-BR": "Meus remixes que vencem um concurso" },
    text: { en: "Your remix won {title}", "pt-BR": "O seu remix venceu {title}" },
    push: {
      en: ({ params }) => ({ title: `You won ${params.title ?? "the contest"}`, body: "Your remix won the contest: the results are on its page." }),
      "pt-BR": ({ params }) => ({
        title: `Você venceu ${params.title ?? "o concurso"}`,
        body: "O seu remix venceu o concurso: os resultados estão na página dele.",
      }),
    },
  },
  /** The results of a contest the member has an entry in (or co-authored one) are out and it did not win; once per contest. */
  contest_results: {
    urgent: false,
    loud: false,
    label: { en: "Results of contests I entered", "pt-BR": "Resultados dos concursos em que me inscrevi" },
    text: { en: "The results of {title} are out", "pt-BR": "Saíram os resultados de {title}" },
    push: {
      en: ({ params }) => ({
        title: `The results of ${params.title ?? "the contest"} are out`,
        body: "See the places and the winning remix on the contest's page.",
      }),
      "pt-BR": ({ params }) => ({
        title: `Saíram os resultados de ${params.title ?? "o concurso"}`,
        body: "Veja as colocações e o remix vencedor na página do concurso.",
      }),
    },
  },
  /** An entrant named the member as a co-author of an entry: they confirm or decline on the contest's page. */
  contest_credit: {
    urgent: false,
    loud: true,
    label: { en: "Remixes I am named a co-author of", "pt-BR": "Remixes em que me nomeiam coautor" },
    text: {
      en: "{actor} named you a co-author of {excerpt} in {title}: confirm or decline",
      "pt-BR": "{actor} nomeou você coautor de {excerpt} em {title}: confirme ou recuse",
    },
    push: {
      en: ({ actor, params, format }) => ({
        title: `${actor ?? "Someone"} named you a co-author`,
        body: `${format.quote(params.excerpt)} in ${params.title ?? "a remix contest"}: confirm or decline on the contest's page.`,
      }),
      "pt-BR": ({ actor, params, format }) => ({
        title: `${actor ?? "Alguém"} nomeou você coautor`,
        body: `${format.quote(params.excerpt)} em ${params.title ?? "um concurso de remix"}: confirme ou recuse na página do concurso.`,
      }),
    },
  },
} as const satisfies NotificationKinds;

export const routeCodes = {
  contest_not_found: { status: 404, en: M.notFound },
  contest_track_unknown: { status: 400, en: M.trackUnknown },
  contest_event_unknown: { status: 400, en: M.eventUnknown },
  contest_closed: { status: 409, en: M.closed },
  contest_entry_not_found: { status: 404, en: M.entryNotFound },
  contest_enter_not_allowed: { status: 403, en: M.notAllowedToEnter },
  contest_entries_closed: { status: 409, en: M.entriesClosed },
  contest_entries_used_up: { status: 409, en: M.entriesUsedUp },
  contest_entry_duration: { status: 400, en: M.durationOutOfRange },
  contest_voting_closed: { status: 409, en: M.votingClosed },
  contest_votes_used_up: { status: 409, en: M.votesUsedUp },
  contest_own_entry: { status: 403, en: M.ownEntry },
  contest_already_voted: { status: 409, en: M.alreadyVoted },
  contest_vote_not_found: { status: 404, en: M.voteNotFound },
  contest_vote_not_allowed: { status: 403, en: M.notEligibleToVote },
  contest_results_not_out: { status: 409, en: M.resultsNotOut },
  contest_stem_name_invalid: { status: 400, en: M.stemNameInvalid },
  contest_stem_exists: { status: 409, en: M.stemExists },
  contest_stems_full: { status: 409, en: M.stemsFull },
  contest_stem_not_found: { status: 404, en: M.stemNotFound },
  contest_stems_not_allowed: { status: 403, en: M.stemsNotAllowed },
  contest_stems_none: { status: 404, en: M.stemsNone },
  contest_co_author_self: { status: 400, en: M.coAuthorSelf },
  contest_co_author_unknown: { status: 400, en: M.coAuthorUnknown },
  contest_co_authored: { status: 403, en: M.coAuthored },
  contest_credit_not_found: { status: 404, en: M.creditNotFound },
  contest_stem_downloads_used_up: { status: 429, en: M.stemDownloadsUsedUp },
  contest_upload_not_found: { status: 404, en: M.uploadNotFound },
  contest_upload_closed: { status: 409, en: M.uploadClosed },
  contest_upload_parts_missing: { status: 409, en: M.uploadPartsMissing },
  contest_upload_first_part_first: { status: 409, en: M.uploadFirstPartFirst },
  contest_upload_part_invalid: { status: 400, en: M.uploadPartInvalid },
  contest_report_own_entry: { status: 403, en: P.reportOwnEntry },
  contest_entry_hidden: { status: 409, en: P.entryHidden },
  contest_entry_not_hidden: { status: 409, en: P.entryNotHidden },
  ...releaseRouteCodes,
} as const satisfies RouteCodeWords;

export const validationCodes = {
  contest_title_required: { message: F.titleRequired },
  contest_title_too_long: { message: F.titleTooLong, params: { max: CONTEST_TITLE_MAX } },
  contest_text_too_long: { message: F.textTooLong, params: { max: CONTEST_TEXT_MAX } },
  contest_prizes_too_long: { message: F.prizesTooLong, params: { max: CONTEST_PRIZES_MAX } },
  contest_brief_required: { message: F.briefRequired },
  contest_track_required: { message: F.trackRequired },
  contest_tier_required: { message: F.tierRequired },
  contest_event_required: { message: F.eventRequired },
  contest_time_invalid: { message: F.timeInvalid },
  contest_times_required: { message: F.timesRequired },
  contest_times_order: { message: F.timesOrder },
  contest_weight_invalid: { message: F.weightInvalid },
  contest_votes_invalid: { message: F.votesInvalid, params: { max: CONTEST_VOTES_MAX } },
  contest_entries_invalid: { message: F.entriesInvalid, params: { max: CONTEST_ENTRIES_MAX } },
  contest_upload_invalid: { message: F.uploadInvalid, params: { max: CONTEST_UPLOAD_MAX_MB } },
  contest_entry_title_required: { message: E.titleRequired },
  contest_entry_title_too_long: { message: E.titleTooLong, params: { max: ENTRY_TITLE_MAX } },
  contest_entry_note_too_long: { message: E.noteTooLong, params: { max: ENTRY_NOTE_MAX } },
  contest_licence_required: { message: E.licenceRequired },
  contest_co_authors_too_many: { message: E.coAuthorsTooMany, params: { max: ENTRY_CO_AUTHORS_MAX } },
  contest_co_author_invalid: { message: E.coAuthorInvalid },
  contest_jury_score_invalid: { message: F.juryScoreInvalid },
  contest_upload_format_invalid: { message: E.uploadFormatInvalid },
  contest_upload_size_invalid: { message: E.uploadSizeInvalid },
  contest_reason_required: { message: P.reasonRequired },
  contest_reason_too_long: { message: P.reasonTooLong, params: { max: FAIR_PLAY_REASON_MAX } },
  contest_void_votes_invalid: { message: P.votesInvalid, params: { max: VOID_VOTES_MAX } },
  ...releaseValidationCodes,
} as const satisfies ValidationCodeWords;
