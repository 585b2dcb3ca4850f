// The back office's CSV exports: quoting, BOM, CRLF and formula neutralising, read back by papaparse.
import Papa from "papaparse";
import { describe, expect, it } from "vitest";
import { CSV_BOM, csvStream, safeCell, toCsv } from "../../worker/lib/csv";

describe("toCsv", () => {
  it("writes a BOM, CRLF rows and RFC 4180 quotes around every field", () => {
    const csv = toCsv(
      ["Name", "Note"],
      [
        ["Ana", 'says "hi", twice'],
        ["Bo", "line one\nline two"],
      ],
    );
    expect(csv.startsWith(CSV_BOM)).toBe(true);
    expect(csv.slice(1)).toBe('"Name","Note"\r\n"Ana","says ""hi"", twice"\r\n"Bo","line one\nline two"');
  });

  it("quotes a cell that holds the other separator, so a spreadsheet splitting on ';' (Excel in pt-BR) sees no formula cell", () => {
    const csv = toCsv(["Name", "Email", "Empty", "Price"], [["Ana;=1+1;x", "ana@example.com", null, -12.5]]);
    expect(csv.slice(1)).toBe('"Name","Email","Empty","Price"\r\n"Ana;=1+1;x","ana@example.com","","-12.5"');
    // Read as a ';'-separated file, no field starts outside quotes, so none can start with '='.
    const bySemicolon = Papa.parse<string[]>(csv.slice(1), { delimiter: ";", newline: "\r\n" }).data[1]!;
    expect(bySemicolon.some((cell) => /^[=+\-@]/.test(cell))).toBe(false);
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

describe("csvStream", () => {
  async function* pages(...list: (string | number | null)[][][]) {
    for (const page of list) yield page;
  }
  const read = async (stream: ReadableStream<Uint8Array>) => new TextDecoder("utf-8", { ignoreBOM: true }).decode(await new Response(stream).arrayBuffer());

  it("writes the same bytes as toCsv, a page at a time, skipping empty pages", async () => {
    const rows = [
      ["=1+1", 'Zoë, "Z"', 3],
      ["plain", null, -2],
      ["@home", "x", 0],
    ];
    const streamed = await read(csvStream(["A", "B", "C"], pages(rows.slice(0, 2), [], rows.slice(2))));
    expect(streamed).toBe(toCsv(["A", "B", "C"], rows));
    expect(streamed.startsWith(CSV_BOM)).toBe(true);
  });

  it("is the header alone when there are no rows, and reads a page only when asked", async () => {
    expect(await read(csvStream(["A"], pages()))).toBe(`${CSV_BOM}"A"`);
    let pulled = 0;
    async function* counted() {
      for (let i = 0; i < 3; i++) {
        pulled++;
        yield [[i]];
      }
    }
    const reader = csvStream(["N"], counted()).getReader();
    await reader.read(); // the BOM and the header
    expect(pulled).toBe(0);
    await reader.read();
    expect(pulled).toBe(1);
    await reader.cancel();
  });
});
