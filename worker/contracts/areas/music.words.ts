// The music area's words: its back office's audit actions, named in each language.
// And the codes its routes and forms refuse with, each with its English (decision 181).
import type { AuditActionNames, NotificationKinds, RouteCodeWords, ValidationCodeWords } from "./area";
import { CATALOG_MESSAGES, RELEASE_TIME_MESSAGES } from "../music/admin-catalog-limits.ts";
import { MUSIC_MESSAGES } from "../music/limits.ts";
import { COLLECTION_MESSAGES, PLAYLIST_NAME_MAX } from "../music/collection-limits.ts";
import {
  CATALOG_IMPORT_MESSAGES,
  CATALOG_IMPORT_MESSAGES as CATALOG_IMPORT,
  IMPORT_FILE_NAME_MAX,
  IMPORT_MAX_FILES,
  IMPORT_MAX_RELEASES,
  IMPORT_MAX_TRACKS,
} from "../music/admin-catalog-import-limits.ts";
import {
  CREDITS_MAX,
  CREDIT_DETAIL_MAX,
  CREDIT_NAME_MAX,
  LYRICS_MAX_CHARS,
  TRACK_DETAILS_MESSAGES,
  TRACK_DETAILS_MESSAGES as TRACK_DETAILS,
  TRACK_LABEL_MAX,
} from "../music/track-details-limits.ts";

export const auditActions = {
  "album.create": { en: "Album created", "pt-BR": "Álbum criado" },
  "album.update": { en: "Album edited", "pt-BR": "Álbum editado" },
  "album.delete": { en: "Album deleted", "pt-BR": "Álbum excluído" },
  "album.reorder": { en: "Albums reordered", "pt-BR": "Álbuns reordenados" },
  "album.cover": { en: "Album cover changed", "pt-BR": "Capa do álbum alterada" },
  "track.create": { en: "Track added", "pt-BR": "Faixa adicionada" },
  "track.update": { en: "Track edited", "pt-BR": "Faixa editada" },
  "track.delete": { en: "Track deleted", "pt-BR": "Faixa excluída" },
  "track.reorder": { en: "Tracks reordered", "pt-BR": "Faixas reordenadas" },
  "track.audio": { en: "Track audio uploaded", "pt-BR": "Áudio da faixa enviado" },
  "track.audio_url": { en: "Track audio link set", "pt-BR": "Link do áudio da faixa definido" },
  "track.audio_remove": { en: "Track audio removed", "pt-BR": "Áudio da faixa removido" },
  "track.master": { en: "Track master uploaded", "pt-BR": "Master da faixa enviada" },
  "track.master_remove": { en: "Track master removed", "pt-BR": "Master da faixa removida" },
  "track.lyrics": { en: "Track lyrics saved", "pt-BR": "Letra da faixa salva" },
  "track.lyrics_remove": { en: "Track lyrics removed", "pt-BR": "Letra da faixa removida" },
  "track.credits": { en: "Track credits saved", "pt-BR": "Créditos da faixa salvos" },
  "album.lyrics_access": { en: "Release lyrics access changed", "pt-BR": "Acesso às letras do lançamento alterado" },
  "catalog.import": { en: "Releases imported from a folder", "pt-BR": "Lançamentos importados de uma pasta" },
} as const satisfies AuditActionNames;

/** The notifications it sends: how loudly each arrives, its line in the settings and its sentence in the centre. */
export const notificationKinds = {
  release: {
    urgent: false,
    loud: true,
    label: { en: "New releases", "pt-BR": "Novos lançamentos" },
    text: {
      en: "New release: {title}",
      "pt-BR": "Novo lançamento: {title}",
    },
    push: {
      en: ({ params }) => ({ title: "New release", body: params.title ?? "" }),
      "pt-BR": ({ params }) => ({ title: "Novo lançamento", body: params.title ?? "" }),
    },
  },
  /** A release's VIP early access has begun (VIPs). */
  release_early: {
    urgent: false,
    loud: true,
    label: { en: "VIP early access to releases", "pt-BR": "Acesso antecipado VIP a lançamentos" },
    text: {
      en: "VIP early access: {title}",
      "pt-BR": "Acesso antecipado VIP: {title}",
    },
    push: {
      en: ({ params }) => ({ title: "VIP early access", body: `${params.title ?? ""} — listen before everyone else` }),
      "pt-BR": ({ params }) => ({ title: "Acesso antecipado VIP", body: `${params.title ?? ""} — ouça antes de todo mundo` }),
    },
  },
  /** What I asked "Notify me" about is out (decision 057). */
  notify_release: {
    urgent: true,
    loud: true,
    label: { en: "Releases I asked to be told about", "pt-BR": "Lançamentos que pedi para ser avisado" },
    text: {
      en: "{title} is out now — you asked us to tell you",
      "pt-BR": "{title} já saiu — você pediu para ser avisado",
    },
    push: {
      en: ({ params }) => ({ title: "Out now", body: `${params.title ?? ""} is out: you asked us to tell you.` }),
      "pt-BR": ({ params }) => ({ title: "Já saiu", body: `${params.title ?? ""} já saiu: você pediu para ser avisado.` }),
    },
  },
} as const satisfies NotificationKinds;

/** The refusals its routes answer besides the form rules: each code's status and English text (worker/contracts/route-codes.ts gathers them). */
export const routeCodes = {
  length_required: { status: 411, en: CATALOG_MESSAGES.lengthRequired },
  upload_incomplete: { status: 400, en: CATALOG_MESSAGES.uploadIncomplete },
  url_not_https: { status: 400, en: CATALOG_MESSAGES.httpsRequired },
  url_not_allowed: { status: 400, en: CATALOG_MESSAGES.hostNotAllowed },
  url_refused: { status: 400, en: CATALOG_MESSAGES.urlRefused },
  upstream_failed: { status: 502, en: "The audio host did not answer as expected" },
  media_token_invalid: { status: 403, en: MUSIC_MESSAGES.linkExpired },

  // Music, playlists and favourites
  album_not_found: { status: 404, en: MUSIC_MESSAGES.albumNotFound },
  track_not_found: { status: 404, en: MUSIC_MESSAGES.trackNotFound },
  not_playable: { status: 409, en: MUSIC_MESSAGES.notPlayable },
  preview_unavailable: { status: 409, en: MUSIC_MESSAGES.previewUnavailable },
  lossless_unavailable: { status: 409, en: MUSIC_MESSAGES.losslessUnavailable },
  playlist_not_found: { status: 404, en: COLLECTION_MESSAGES.playlistNotFound },
  playlist_name_taken: { status: 409, en: COLLECTION_MESSAGES.playlistNameTaken },
  playlists_limit: { status: 409, en: COLLECTION_MESSAGES.tooManyPlaylists },
  unknown_track: { status: 400, en: COLLECTION_MESSAGES.trackNotInCatalog },
  track_in_playlist: { status: 409, en: COLLECTION_MESSAGES.trackAlreadyInPlaylist },
  playlist_full: { status: 409, en: COLLECTION_MESSAGES.playlistFull },
  track_not_in_playlist: { status: 404, en: COLLECTION_MESSAGES.trackNotInPlaylist },
  not_a_permutation: { status: 400, en: COLLECTION_MESSAGES.notAPermutation },
  playlist_changed: { status: 409, en: "The playlist changed meanwhile. Please reload it and try again." },
  favorites_limit: { status: 409, en: COLLECTION_MESSAGES.tooManyFavorites },

  // The back office's catalog
  conflict: { status: 409, en: CATALOG_MESSAGES.concurrentChange },
  order_changed: { status: 409, en: CATALOG_MESSAGES.orderChanged },
  number_taken: { status: 409, en: CATALOG_MESSAGES.numberTaken },
  unknown_albums: { status: 400, en: CATALOG_MESSAGES.unknownAlbums },
  import_not_found: { status: 404, en: CATALOG_IMPORT_MESSAGES.importNotFound },
  import_file_not_found: { status: 404, en: CATALOG_IMPORT_MESSAGES.fileNotFound },
  import_file_closed: { status: 409, en: CATALOG_IMPORT_MESSAGES.fileClosed },
  import_first_part_first: { status: 409, en: CATALOG_IMPORT_MESSAGES.firstPartFirst },
  import_parts_missing: { status: 409, en: CATALOG_IMPORT_MESSAGES.partsMissing },
  album_not_released: { status: 409, en: "The album is not out yet, not even for VIPs" },
  release_in_store: { status: 409, en: "This release is sold in the store: delete or change its product first" },
  // A track's lyrics and credits (decision 112)
  isrc_taken: { status: 409, en: TRACK_DETAILS_MESSAGES.isrcTaken },
  lyrics_not_found: { status: 404, en: TRACK_DETAILS_MESSAGES.lyricsNotFound },
} as const satisfies RouteCodeWords;

/** The rules a person can break in its forms: each code's English text and the values it names (worker/contracts/validation-codes.ts gathers them). */
export const validationCodes = {
  // Playlists
  playlist_name_required: { message: COLLECTION_MESSAGES.playlistNameRequired },
  playlist_name_too_long: { message: COLLECTION_MESSAGES.playlistNameTooLong, params: { max: PLAYLIST_NAME_MAX } },

  // The back office's album and track forms: release times
  early_access_order: { message: RELEASE_TIME_MESSAGES.earlyAccessOrder },
  early_access_needs_release: { message: RELEASE_TIME_MESSAGES.earlyAccessNeedsRelease },
  // A track's lyrics and credits (decision 112)
  lyrics_required: { message: TRACK_DETAILS.lyricsRequired },
  lyrics_too_long: { message: TRACK_DETAILS.lyricsTooLong, params: { max: LYRICS_MAX_CHARS } },
  lyrics_not_synced: { message: TRACK_DETAILS.lyricsNotSynced },
  credit_name_required: { message: TRACK_DETAILS.creditNameRequired },
  credit_name_too_long: { message: TRACK_DETAILS.creditNameTooLong, params: { max: CREDIT_NAME_MAX } },
  credit_detail_too_long: { message: TRACK_DETAILS.creditDetailTooLong, params: { max: CREDIT_DETAIL_MAX } },
  credits_too_many: { message: TRACK_DETAILS.creditsTooMany, params: { max: CREDITS_MAX } },
  isrc_invalid: { message: TRACK_DETAILS.isrcInvalid },
  track_label_too_long: { message: TRACK_DETAILS.labelTooLong, params: { max: TRACK_LABEL_MAX } },
  recorded_on_invalid: { message: TRACK_DETAILS.recordedOnInvalid },
  // Import by the folder (decision 119)
  import_duplicate_track_number: { message: CATALOG_IMPORT.duplicateTrackNumber },
  import_too_many_releases: { message: CATALOG_IMPORT.tooManyReleases, params: { max: IMPORT_MAX_RELEASES } },
  import_too_many_tracks: { message: CATALOG_IMPORT.tooManyTracks, params: { max: IMPORT_MAX_TRACKS } },
  import_too_many_files: { message: CATALOG_IMPORT.tooManyFiles, params: { max: IMPORT_MAX_FILES } },
  import_file_too_large: { message: CATALOG_IMPORT.fileTooLarge },
  import_file_name_required: { message: CATALOG_IMPORT.fileNameRequired },
  import_file_name_too_long: { message: CATALOG_IMPORT.fileNameTooLong, params: { max: IMPORT_FILE_NAME_MAX } },
} as const satisfies ValidationCodeWords;
