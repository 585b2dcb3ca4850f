// Every visible string of the code import (presale and perk codes), shipped with its chunk.
import { defineMessage, defineMessages } from "react-intl";

const plain = defineMessages({
  choose: { id: "adminCodes.import.choose", defaultMessage: "CSV file of codes" },
  button: { id: "adminCodes.import.button", defaultMessage: "Choose a CSV file" },
  noFile: { id: "adminCodes.import.noFile", defaultMessage: "No file chosen" },
  hint: { id: "adminCodes.import.hint", defaultMessage: "The first row must name the columns. Codes already in the list are skipped." },
  reading: { id: "adminCodes.import.reading", defaultMessage: "Reading the file..." },
  column: { id: "adminCodes.import.column", defaultMessage: "Column with the codes" },
  preview: { id: "adminCodes.import.preview", defaultMessage: "First rows of the file" },
  submit: { id: "adminCodes.import.submit", defaultMessage: "Import codes" },
  cancel: { id: "adminCodes.import.cancel", defaultMessage: "Cancel" },
  close: { id: "adminCodes.import.close", defaultMessage: "Close" },
  again: { id: "adminCodes.import.again", defaultMessage: "Import another file" },
  results: { id: "adminCodes.import.results", defaultMessage: "Import results" },
  rows: { id: "adminCodes.import.rows", defaultMessage: "Rows read" },
  added: { id: "adminCodes.import.added", defaultMessage: "Codes added" },
  alreadyStored: { id: "adminCodes.import.alreadyStored", defaultMessage: "Already in the list" },
  invalid: { id: "adminCodes.import.invalid", defaultMessage: "Rows not used" },
  issueList: { id: "adminCodes.import.issueList", defaultMessage: "Rows not used" },
  invalidCode: { id: "adminCodes.import.invalidCode", defaultMessage: "not a code (letters, digits and - _ . : / # + only, no spaces)" },
  duplicate: { id: "adminCodes.import.duplicate", defaultMessage: "the same code appears earlier in the file" },
  notCsv: { id: "adminCodes.import.notCsv", defaultMessage: "This file could not be read as a CSV file with a header row." },
  noRows: { id: "adminCodes.import.noRows", defaultMessage: "The file has a header row but no codes." },
  tooLarge: { id: "adminCodes.import.tooLarge", defaultMessage: "This file is too large to import at once. Please split it into smaller files." },
  failed: { id: "adminCodes.import.failed", defaultMessage: "The import failed. Please try again." },
});

export const codesMessages = {
  ...plain,
  file: defineMessage<{ name: string; rows: number }>({
    id: "adminCodes.import.file",
    defaultMessage: "{name}: {rows, plural, one {# row} other {# rows}}",
  }),
  progress: defineMessage<{ done: string; total: string }>({ id: "adminCodes.import.progress", defaultMessage: "Importing... {done} of {total} rows" }),
  stopped: defineMessage<{ done: string; total: string }>({
    id: "adminCodes.import.stopped",
    defaultMessage: "The import stopped after {done} of {total} rows. Importing the same file again is safe: codes already in the list are skipped.",
  }),
  row: defineMessage<{ row: number; reason: string; value: string }>({ id: "adminCodes.import.row", defaultMessage: "Row {row}: {reason} (“{value}”)" }),
  columnNumber: defineMessage<{ number: number }>({ id: "adminCodes.import.columnNumber", defaultMessage: "Column {number}" }),
  more: defineMessage<{ count: number }>({ id: "adminCodes.import.more", defaultMessage: "…and {count, plural, one {# more row} other {# more rows}}" }),
};
