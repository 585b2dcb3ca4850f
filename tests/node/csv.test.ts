// The back office's CSV exports: quoting, BOM, CRLF and formula neutralising, read back by papaparse.
import Papa from "papaparse";
import { describe, expect, it } from "vitest";
import { CSV_BOM, safeCell, toCsv } from "../../worker/lib/csv";

describe("toCsv", () => {
  it("writes a BOM, CRLF rows and RFC 4180 quotes only where needed", () => {
    const csv = toCsv(
      ["Name", "Note"],
      [
        ["Ana", 'says "hi", twice'],
        ["Bo", "line one\nline two"],
      ],
    );
    expect(csv.startsWith(CSV_BOM)).toBe(true);
    expect(csv.slice(1)).toBe('Name,Note\r\nAna,"says ""hi"", twice"\r\nBo,"line one\nline two"');
  });

  it("neutralises cells a spreadsheet would run, and keeps numbers and ordinary text", () => {
    for (const hostile of ['=HYPERLINK("http://evil")', "+1+1", "-2+3", "@SUM(A1)", "\tcmd", "\rcmd"]) expect(safeCell(hostile)).toBe(`'${hostile}`);
    expect(safeCell(-12.5)).toBe("-12.5");
    expect(safeCell("São Paulo")).toBe("São Paulo");
    expect(safeCell(null)).toBe("");
  });

  it("reads back as the same rows (hostile cells as text)", () => {
    const rows = [
      ["=1+1", 'Zoë, "Z"'],
      ["plain", ""],
    ];
    const parsed = Papa.parse<string[]>(toCsv(["A", "B"], rows).slice(1), { newline: "\r\n" });
    expect(parsed.errors).toEqual([]);
    expect(parsed.data).toEqual([
      ["A", "B"],
      ["'=1+1", 'Zoë, "Z"'],
      ["plain", ""],
    ]);
  });
});
