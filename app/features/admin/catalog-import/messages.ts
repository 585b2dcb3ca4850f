// Every visible string of /admin/catalog/import, shipped with its chunk (messages.pt-BR.json for
// Portuguese, merged in by CatalogImportMessages).
import { defineMessage, defineMessages, type MessageDescriptor } from "react-intl";
import type { ProblemCode } from "./model";

const plainMessages = defineMessages({
  metaTitle: { id: "adminCatalogImport.meta.title", defaultMessage: "Admin: Import releases" },
  pageTitle: { id: "adminCatalogImport.page.title", defaultMessage: "Import releases" },
  pageIntro: {
    id: "adminCatalogImport.page.intro",
    defaultMessage:
      "Drop a folder or a ZIP of audio files (MP3, FLAC, WAV, M4A) with their covers and lyrics. Their tags fill in the releases; review them, then upload. Releases are created as drafts.",
  },
  backToCatalog: { id: "adminCatalogImport.backToCatalog", defaultMessage: "Back to the catalog" },
  dropLabel: { id: "adminCatalogImport.drop.label", defaultMessage: "Drop a folder or a ZIP here" },
  dropHint: { id: "adminCatalogImport.drop.hint", defaultMessage: "Files are read in this browser; nothing is sent until you upload." },
  pickFolder: { id: "adminCatalogImport.drop.pickFolder", defaultMessage: "Choose a folder" },
  pickZip: { id: "adminCatalogImport.drop.pickZip", defaultMessage: "Choose a ZIP or files" },
  readFailed: { id: "adminCatalogImport.readFailed", defaultMessage: "The files could not be read. Please try again." },
  empty: { id: "adminCatalogImport.empty", defaultMessage: "No audio file was found in what you dropped." },
  startOver: { id: "adminCatalogImport.startOver", defaultMessage: "Start over" },
  reviewTitle: { id: "adminCatalogImport.review.title", defaultMessage: "Review" },
  releaseTitle: { id: "adminCatalogImport.release.title", defaultMessage: "Release title" },
  releaseYear: { id: "adminCatalogImport.release.year", defaultMessage: "Year" },
  releaseCover: { id: "adminCatalogImport.release.cover", defaultMessage: "Cover" },
  coverNone: { id: "adminCatalogImport.release.coverNone", defaultMessage: "No cover" },
  colDisc: { id: "adminCatalogImport.col.disc", defaultMessage: "Disc" },
  colNumber: { id: "adminCatalogImport.col.number", defaultMessage: "No." },
  colTitle: { id: "adminCatalogImport.col.title", defaultMessage: "Title" },
  colIsrc: { id: "adminCatalogImport.col.isrc", defaultMessage: "ISRC" },
  colMaster: { id: "adminCatalogImport.col.master", defaultMessage: "Master (sold)" },
  colStreaming: { id: "adminCatalogImport.col.streaming", defaultMessage: "Streaming" },
  colLyrics: { id: "adminCatalogImport.col.lyrics", defaultMessage: "Lyrics" },
  colCredits: { id: "adminCatalogImport.col.credits", defaultMessage: "Credits" },
  colProblems: { id: "adminCatalogImport.col.problems", defaultMessage: "Problems" },
  noMaster: { id: "adminCatalogImport.master.none", defaultMessage: "No master" },
  encodeFromMaster: { id: "adminCatalogImport.streaming.encode", defaultMessage: "MP3 made from the master" },
  lyricsNone: { id: "adminCatalogImport.lyrics.none", defaultMessage: "None" },
  lyricsSynced: { id: "adminCatalogImport.lyrics.synced", defaultMessage: "Synced" },
  lyricsPlain: { id: "adminCatalogImport.lyrics.plain", defaultMessage: "Plain" },
  languageEn: { id: "adminCatalogImport.lyrics.en", defaultMessage: "English" },
  languagePtBr: { id: "adminCatalogImport.lyrics.ptBR", defaultMessage: "Portuguese (Brazil)" },
  noProblem: { id: "adminCatalogImport.problem.none", defaultMessage: "Ready" },
  refusedTitle: { id: "adminCatalogImport.refused.title", defaultMessage: "Files left out" },
  upload: { id: "adminCatalogImport.upload", defaultMessage: "Upload and create drafts" },
  creating: { id: "adminCatalogImport.creating", defaultMessage: "Creating the drafts..." },
  uploadTotal: { id: "adminCatalogImport.upload.total", defaultMessage: "All files" },
  retry: { id: "adminCatalogImport.retry", defaultMessage: "Try again" },
  reasonGeneric: { id: "adminCatalogImport.reasonGeneric", defaultMessage: "the connection or the server failed" },
  done: { id: "adminCatalogImport.done", defaultMessage: "Done. The drafts are in the catalog: publish each one there when it is ready." },
  resumeTitle: { id: "adminCatalogImport.resume.title", defaultMessage: "An import is not finished" },
  resumeForget: { id: "adminCatalogImport.resume.forget", defaultMessage: "Forget it" },
});

export const importMessages = {
  ...plainMessages,
  reading: defineMessage<{ done: string | number; total: string | number }>({
    id: "adminCatalogImport.reading",
    defaultMessage: "Reading files: {done} of {total}",
  }),
  reviewSummary: defineMessage<{ releases: number; tracks: number }>({
    id: "adminCatalogImport.review.summary",
    defaultMessage: "{releases, plural, one {# release} other {# releases}}, {tracks, plural, one {# track} other {# tracks}}",
  }),
  releaseLegend: defineMessage<{ title: string | number }>({ id: "adminCatalogImport.release.legend", defaultMessage: "Release: {title}" }),
  coverEmbedded: defineMessage<{ name: string | number }>({ id: "adminCatalogImport.release.coverEmbedded", defaultMessage: "Picture inside {name}" }),
  tracksCaption: defineMessage<{ title: string | number }>({ id: "adminCatalogImport.tracks.caption", defaultMessage: "Tracks of {title}" }),
  fieldOfTrack: defineMessage<{ field: string | number; n: string | number }>({ id: "adminCatalogImport.fieldOfTrack", defaultMessage: "{field}, track {n}" }),
  lyricsLanguage: defineMessage<{ n: string | number }>({ id: "adminCatalogImport.lyrics.language", defaultMessage: "Lyrics language, track {n}" }),
  creditsCount: defineMessage<{ count: number }>({
    id: "adminCatalogImport.credits.count",
    defaultMessage: "{count, plural, =0 {None} one {# credit} other {# credits}}",
  }),
  removeTrack: defineMessage<{ n: string | number }>({ id: "adminCatalogImport.track.remove", defaultMessage: "Leave out track {n}" }),
  refusedItem: defineMessage<{ path: string | number }>({
    id: "adminCatalogImport.refused.item",
    defaultMessage: "{path}: not an audio file, picture or lyrics file (read from its content)",
  }),
  blocked: defineMessage<{ count: number }>({
    id: "adminCatalogImport.blocked",
    defaultMessage: "{count, plural, one {# problem must be fixed} other {# problems must be fixed}} before uploading.",
  }),
  encoding: defineMessage<{ name: string | number; percent: number }>({
    id: "adminCatalogImport.encoding",
    defaultMessage: "Making the MP3 of {name}: {percent, number, percent}",
  }),
  encodeFailed: defineMessage<{ name: string | number }>({
    id: "adminCatalogImport.encodeFailed",
    defaultMessage: "The MP3 of {name} could not be made in this browser.",
  }),
  createFailed: defineMessage<{ reason: string | number }>({
    id: "adminCatalogImport.createFailed",
    defaultMessage: "The drafts could not be created: {reason}",
  }),
  uploadFile: defineMessage<{ name: string | number }>({ id: "adminCatalogImport.upload.file", defaultMessage: "{name}" }),
  uploadFailed: defineMessage<{ reason: string | number }>({
    id: "adminCatalogImport.upload.failed",
    defaultMessage: "The upload stopped: {reason}. Drop the same folder again to go on where it stopped.",
  }),
  openRelease: defineMessage<{ title: string | number }>({ id: "adminCatalogImport.openRelease", defaultMessage: "Open {title} in the catalog" }),
  resumeText: defineMessage<{ done: string | number; total: string | number }>({
    id: "adminCatalogImport.resume.text",
    defaultMessage: "{done} of {total} files are uploaded. Drop the same folder or ZIP again to send the rest.",
  }),
  missingAbsent: defineMessage<{ name: string | number }>({ id: "adminCatalogImport.resume.missingAbsent", defaultMessage: "{name}: not found" }),
  missingOtherSize: defineMessage<{ name: string | number }>({
    id: "adminCatalogImport.resume.missingOtherSize",
    defaultMessage: "{name}: the file dropped is not the one being imported (its size differs), so it was not sent",
  }),
  resumeMissing: defineMessage<{ count: number }>({
    id: "adminCatalogImport.resume.missing",
    defaultMessage: "{count, plural, one {# file of the import was} other {# files of the import were}} not in what you dropped.",
  }),
};

export const problemMessages: Record<ProblemCode, MessageDescriptor> = defineMessages({
  missing_album_title: { id: "adminCatalogImport.problem.missingAlbumTitle", defaultMessage: "The release needs a title" },
  missing_title: { id: "adminCatalogImport.problem.missingTitle", defaultMessage: "Missing title" },
  missing_number: { id: "adminCatalogImport.problem.missingNumber", defaultMessage: "Missing track number" },
  duplicate_number: { id: "adminCatalogImport.problem.duplicateNumber", defaultMessage: "Same disc and number as another track" },
  invalid_isrc: { id: "adminCatalogImport.problem.invalidIsrc", defaultMessage: "An ISRC is 12 letters and digits" },
  unreadable: { id: "adminCatalogImport.problem.unreadable", defaultMessage: "The file could not be read" },
  no_audio: { id: "adminCatalogImport.problem.noAudio", defaultMessage: "No audio file to stream" },
});
