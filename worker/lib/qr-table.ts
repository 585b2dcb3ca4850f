// A QR code as an HTML table, for e-mails: mail clients show neither SVG nor data: images, and an
// image from the site is often blocked until the reader allows it, but a table of coloured cells
// renders everywhere. uqr draws the module matrix; each row's runs of one colour are one cell
// (colspan), so a ticket token's code (about 60 × 60 modules) is some 1,700 cells, about 37 KB.
import { encode } from "uqr";

const attr = (value: string) => value.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/** The table of `text`'s QR code (`label` its accessible name), `modulePx` pixels a module, a quiet zone of 4 modules (the standard's). */
export function qrTableHtml(text: string, label: string, modulePx = 3): string {
  const { data, size } = encode(text, { ecc: "L", border: 4 });
  const px = size * modulePx;
  const rows = data.map((row) => {
    let cells = "";
    for (let i = 0; i < row.length;) {
      let j = i;
      while (j < row.length && row[j] === row[i]) j++;
      const n = j - i;
      cells += `<td${n > 1 ? ` colspan="${n}"` : ""}${row[i] ? ` bgcolor="#000000"` : ""}></td>`;
      i = j;
    }
    return `<tr style="height:${modulePx}px">${cells}</tr>`;
  });
  // The first row fixes every column's width; the table's white is the quiet zone and the light modules.
  const widths = `<tr style="height:0">${`<td width="${modulePx}"></td>`.repeat(size)}</tr>`;
  return (
    `<table role="img" aria-label="${attr(label)}" cellpadding="0" cellspacing="0" border="0" width="${px}" bgcolor="#ffffff" ` +
    `style="border-collapse:collapse;table-layout:fixed;width:${px}px;height:${px}px;background:#ffffff;line-height:0;font-size:0">` +
    widths +
    rows.join("") +
    `</table>`
  );
}
