// A campaign's mail rendered from the editor's blocks (worker/services/mail/campaign.ts): people's
// text is escaped, never markup; links, buttons and images whose address is not http(s)/mailto
// (images: https or /media/) are dropped even when validation was skipped; the footer speaks the
// recipient's language; the plain-text part carries the same content. The same hostile inputs are
// refused by campaignBlockSchema, so the API answers 400 before anything is stored.
import { describe, expect, it } from "vitest";
import type { Locale } from "../../worker/contracts/locale";
import { campaignBlockSchema } from "../../worker/contracts/newsletter";
import type { CampaignBlock } from "../../worker/contracts/newsletter-model";
import { renderCampaignMail } from "../../worker/services/mail/campaign";

const base = {
  subject: "Summer news",
  locale: "en" as Locale,
  brandName: "Lumi & Co",
  siteUrl: "https://fans.example",
  contactLine: "Lumi Fan Club, Rua A 1, São Paulo <contact@fans.example>",
  unsubscribeUrl: "https://fans.example/newsletter/unsubscribe?t=TOKEN&x=1",
  preferencesUrl: "https://fans.example/newsletter/preferences?t=TOKEN",
};
const render = (blocks: CampaignBlock[], over: Partial<typeof base> = {}) => renderCampaignMail({ ...base, ...over, blocks });
const paragraph = (text: string): CampaignBlock => ({ type: "paragraph", text });
const P = '<p style="margin:0 0 16px;font-size:16px;line-height:1.55;color:#1d1d1f;">';

/** The names of every attribute of every tag (a quoted value is skipped whole). */
const attributeNames = (html: string) =>
  new Set(
    [...html.matchAll(/<[a-z][^\s>]*((?:\s+[^\s=>]+(?:="[^"]*")?)*)\s*>/gi)].flatMap((tag) =>
      tag[1]!
        .replace(/="[^"]*"/g, "")
        .trim()
        .split(/\s+/)
        .filter(Boolean),
    ),
  );
/** Every href and src the HTML carries. */
const urls = (html: string) => [...html.matchAll(/\s(?:href|src)="([^"]*)"/g)].map((m) => m[1]!);

describe("campaign mail: people's text is never markup", () => {
  it("escapes a <script> and an <img onerror> typed in a paragraph", () => {
    const { html, text } = render([paragraph("<script>alert(1)</script>\n<img src=x onerror=alert(1)>")]);
    expect(html).toContain(`${P}&lt;script&gt;alert(1)&lt;/script&gt;<br>&lt;img src=x onerror=alert(1)&gt;</p>`);
    expect(html).not.toContain("<script");
    expect(html).not.toContain("<img src=x");
    // The plain-text part is text: it keeps what was typed, as typed.
    expect(text).toContain("<script>alert(1)</script>\n<img src=x onerror=alert(1)>");
  });

  it("escapes headings, button labels, alt texts and the contact line", () => {
    const { html } = render([
      { type: "heading", text: "<h1>Big</h1>" },
      { type: "button", label: '<b onclick="x()">Go</b>', href: "https://fans.example/go" },
      { type: "image", src: "https://cdn.example/a.jpg", alt: '" onerror="alert(1)' },
    ]);
    expect(html).toContain(">&lt;h1&gt;Big&lt;/h1&gt;</h2>");
    expect(html).toContain('text-decoration:none;">&lt;b onclick=&quot;x()&quot;&gt;Go&lt;/b&gt;</a>');
    expect(html).toContain('alt="&quot; onerror=&quot;alert(1)"');
    expect(html).toContain("Lumi Fan Club, Rua A 1, São Paulo &lt;contact@fans.example&gt;");
    expect(html).toContain(">Lumi &amp; Co</a>");
    // No tag carries an event handler: every attribute the HTML has is one this renderer writes.
    expect(attributeNames(html)).toEqual(
      new Set(["lang", "charset", "name", "content", "style", "role", "width", "cellpadding", "cellspacing", "align", "href", "src", "alt"]),
    );
  });

  it("turns **bold** and [label](url) into markup it writes itself, with the url escaped", () => {
    const { html, text } = render([paragraph("**Tickets** are out: [buy here](https://fans.example/t?a=1&b=2) or [write](mailto:hi@fans.example)")]);
    expect(html).toContain(
      `${P}<strong>Tickets</strong> are out: <a href="https://fans.example/t?a=1&amp;b=2" style="color:#e6007e;">buy here</a> or <a href="mailto:hi@fans.example" style="color:#e6007e;">write</a></p>`,
    );
    expect(text).toContain("Tickets are out: buy here (https://fans.example/t?a=1&b=2) or write (mailto:hi@fans.example)");
  });

  it("drops javascript:, data: and attribute-breaking inline links, keeping their labels as text", () => {
    const { html, text } = render([
      paragraph("[one](javascript:alert%281%29) [two](JaVaScRiPt:alert%281%29) [three](data:text/html;base64,PHNjcmlwdD4=)"),
      paragraph('[four](https://fans.example/"onmouseover="alert%281%29) [five](vbscript:msgbox)'),
    ]);
    expect(html).toContain(`${P}one two three</p>`);
    expect(html).toContain(`${P}four five</p>`);
    expect(text).toContain("one two three\n\nfour five");
    expect(urls(html).every((url) => /^(https:|mailto:)/.test(url))).toBe(true);
    expect(html).not.toMatch(/javascript:|data:|vbscript:|onmouseover/i);
  });

  it("drops a button whose link is not http(s)/mailto, in both parts", () => {
    const { html, text } = render([
      { type: "button", label: "Evil", href: "javascript:alert(1)" },
      { type: "button", label: "Data", href: "data:text/html,<script>alert(1)</script>" },
      { type: "button", label: "Tickets", href: "https://fans.example/tickets" },
    ]);
    expect(html).not.toContain("Evil");
    expect(html).not.toContain("Data");
    expect(html).not.toMatch(/javascript:|data:/i);
    expect(html).toContain('<a href="https://fans.example/tickets" style="display:inline-block;');
    expect(text).not.toContain("Evil");
    expect(text).toContain("Tickets (https://fans.example/tickets)");
  });

  it("drops an image that is not https or the media library, and a picture's unsafe link", () => {
    const { html, text } = render([
      { type: "image", src: "data:image/svg+xml,<svg onload=alert(1)>", alt: "svg" },
      { type: "image", src: "javascript:alert(1)", alt: "js" },
      { type: "image", src: "http://plain.example/a.jpg", alt: "plain" },
      { type: "image", src: "/media/events/poster.jpg", alt: "Poster", href: "javascript:alert(1)" },
      { type: "image", src: "https://cdn.example/b.jpg", alt: "Band", href: "https://fans.example/band" },
    ]);
    expect(html).not.toMatch(/alt="(svg|js|plain)"/);
    expect(html).not.toMatch(/javascript:|data:|http:\/\/plain/i);
    // A media-library picture is made absolute; its unsafe link is gone, the picture stays.
    expect(html).toContain('<div style="margin:0 0 16px;"><img src="https://fans.example/media/events/poster.jpg" alt="Poster"');
    expect(html).toContain('<a href="https://fans.example/band"><img src="https://cdn.example/b.jpg" alt="Band"');
    expect(text).toContain("[Poster]\n\n[Band] (https://fans.example/band)");
    expect(text).not.toMatch(/svg|\[js\]|plain/);
  });

  it("makes a media path absolute whether or not the site address ends with a slash", () => {
    const { html } = render([{ type: "image", src: "/media/a.jpg", alt: "" }], { siteUrl: "https://fans.example/" });
    expect(html).toContain('src="https://fans.example/media/a.jpg"');
  });

  it("keeps control characters out of the subject (no header injection)", () => {
    expect(render([paragraph("x")], { subject: "Hello\r\nBcc: all@example.com" }).subject).toBe("Hello Bcc: all@example.com");
  });
});

describe("campaign mail: layout and footer in the recipient's language", () => {
  const blocks: CampaignBlock[] = [{ type: "heading", text: "Tour" }, paragraph("See you **soon**")];

  it("is a 600px table layout with the brand on top, and an English footer", () => {
    const { html, text } = render(blocks);
    expect(html).toContain('<html lang="en">');
    expect(html).toContain('<meta name="viewport" content="width=device-width, initial-scale=1">');
    expect(html).toContain('style="max-width:600px;');
    expect(html).toContain('<a href="https://fans.example" style="color:#e6007e;text-decoration:none;">Lumi &amp; Co</a>');
    expect(html).toContain("You get this e-mail because you subscribed to Lumi &amp; Co news.");
    expect(html).toContain(
      '<a href="https://fans.example/newsletter/unsubscribe?t=TOKEN&amp;x=1" style="color:#6b6b70;">Unsubscribe</a> · <a href="https://fans.example/newsletter/preferences?t=TOKEN" style="color:#6b6b70;">Preferences</a>',
    );
    expect(text).toBe(
      [
        "Lumi & Co",
        "TOUR",
        "See you soon",
        "--",
        "You get this e-mail because you subscribed to Lumi & Co news.",
        "Lumi Fan Club, Rua A 1, São Paulo <contact@fans.example>",
        "Unsubscribe: https://fans.example/newsletter/unsubscribe?t=TOKEN&x=1",
        "Preferences: https://fans.example/newsletter/preferences?t=TOKEN",
      ].join("\n\n"),
    );
  });

  it("writes the footer in Portuguese for a pt-BR recipient", () => {
    const { html, text } = render(blocks, { locale: "pt-BR" });
    expect(html).toContain('<html lang="pt-BR">');
    expect(html).toContain("Você recebe este e-mail porque se inscreveu nas novidades do Lumi &amp; Co.");
    expect(html).toContain(
      'style="color:#6b6b70;">Cancelar inscrição</a> · <a href="https://fans.example/newsletter/preferences?t=TOKEN" style="color:#6b6b70;">Preferências</a>',
    );
    expect(html).not.toContain("Unsubscribe");
    expect(text).toContain("Cancelar inscrição: https://fans.example/newsletter/unsubscribe?t=TOKEN&x=1");
    expect(text).toContain("Preferências: https://fans.example/newsletter/preferences?t=TOKEN");
  });
});

describe("campaignBlockSchema refuses what the renderer would drop", () => {
  const refusal = (block: unknown) => {
    const result = campaignBlockSchema.safeParse(block);
    return result.success ? null : result.error.issues.map((issue) => `${issue.path.join(".")}:${issue.message}`);
  };

  it("refuses javascript: and data: inline links in a paragraph", () => {
    expect(refusal(paragraph("[x](javascript:alert%281%29)"))).toEqual(["text:unsafe_link"]);
    expect(refusal(paragraph("[x](data:text/html;base64,PHNjcmlwdD4=)"))).toEqual(["text:unsafe_link"]);
    expect(refusal(paragraph('[x](https://a.example/"onmouseover="x)'))).toEqual(["text:unsafe_link"]);
  });

  it("refuses javascript: and data: buttons and picture links, and non-https images", () => {
    expect(refusal({ type: "button", label: "Go", href: "javascript:alert(1)" })).toEqual(["href:unsafe_link"]);
    expect(refusal({ type: "button", label: "Go", href: "data:text/html,hi" })).toEqual(["href:unsafe_link"]);
    expect(refusal({ type: "image", src: "data:image/png;base64,AAAA", alt: "" })).toEqual(["src:unsafe_image"]);
    expect(refusal({ type: "image", src: "javascript:alert(1)", alt: "" })).toEqual(["src:unsafe_image"]);
    expect(refusal({ type: "image", src: "http://plain.example/a.jpg", alt: "" })).toEqual(["src:unsafe_image"]);
    expect(refusal({ type: "image", src: "https://cdn.example/a.jpg", alt: "", href: "javascript:alert(1)" })).toEqual(["href:unsafe_link"]);
  });

  it("accepts markup-looking text (it is escaped, not refused) and safe links", () => {
    expect(refusal(paragraph("<script>alert(1)</script> <img src=x onerror=alert(1)>"))).toBeNull();
    expect(refusal(paragraph("**Hi** [site](https://fans.example) [mail](mailto:hi@fans.example)"))).toBeNull();
    expect(refusal({ type: "image", src: "/media/events/poster.jpg", alt: "Poster", href: "https://fans.example" })).toBeNull();
  });
});
