// The frame shared by the Privacy Policy, the Terms of Service, the Copyright Notice and the
// Accessibility Statement: title, "Last updated" (the date the text last changed, kept with each
// page's structure; on purpose not the current date the spec mentions; the statement's says
// "Last reviewed"), a table of contents on long pages, then headed sections of paragraphs, lists
// and, where a page needs one, a component (the statement's contact form).
//
// The texts live only in messages.<locale>.json (legal.*), so the descriptors here carry ids and
// no defaultMessage: the catalogs are the single copy of each text. tests/app/i18n.test.ts checks
// that every id written here exists in both catalogs, tests/app/legal.test.tsx that every legal
// message is used.
//
// Messages may use {brand}, {email} (support), {infoEmail}, {price} (the one configured VIP price,
// formatted for the locale by <VipPriceAmount>) and the tags <b>, <mail>, <infoMail>,
// <privacyLink>, <termsLink>, <copyrightLink>, <vipLink> and <settingsLink> (the member's account
// settings, where data is exported and the account deleted).
import { useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import type { ReactNode } from "react";
import { FormattedDate, FormattedMessage, type MessageDescriptor } from "react-intl";
import { QueryState } from "../../components/QueryState";
import { PageFrame } from "../../components/PageFrame";
import type { PublicConfig } from "#contracts/config.ts";
import { configQueryOptions } from "../../lib/session/queries";
import { VipPriceAmount } from "../../components/VipPrice";
import "./legal.css";

/** A paragraph, a bulleted list of items, or a component of the page's own. */
export type LegalBlock = { p: MessageDescriptor } | { list: readonly MessageDescriptor[] } | { element: ReactNode };

/** One h2 section; `id` is its in-page anchor (/privacy#cookies). */
export type LegalSection = { id: string; heading: MessageDescriptor; blocks: readonly LegalBlock[] };

/** Pages with at least this many sections get a table of contents. */
export const TOC_MIN_SECTIONS = 6;

const m = {
  lastUpdated: { id: "legal.lastUpdated" },
  toc: { id: "legal.toc.title" },
  loadFailed: { id: "legal.loadFailed" },
  retry: { id: "legal.retry" },
} satisfies Record<string, MessageDescriptor>;

/** "2026-11-21" → that calendar day at 00:00 UTC (formatted in UTC, so no time zone moves it). */
function calendarDay(isoDate: string): number {
  const [year, month, day] = isoDate.split("-").map(Number);
  return Date.UTC(year!, month! - 1, day!);
}

function messageValues(config: PublicConfig) {
  return {
    brand: config.brandName,
    email: config.supportEmail,
    infoEmail: config.infoEmail,
    price: <VipPriceAmount />,
    b: (chunks: ReactNode[]) => <strong>{chunks}</strong>,
    mail: (chunks: ReactNode[]) => <a href={`mailto:${config.supportEmail}`}>{chunks}</a>,
    infoMail: (chunks: ReactNode[]) => <a href={`mailto:${config.infoEmail}`}>{chunks}</a>,
    privacyLink: (chunks: ReactNode[]) => <Link to="/privacy">{chunks}</Link>,
    termsLink: (chunks: ReactNode[]) => <Link to="/terms">{chunks}</Link>,
    copyrightLink: (chunks: ReactNode[]) => <Link to="/copyright">{chunks}</Link>,
    vipLink: (chunks: ReactNode[]) => <Link to="/vip-signup">{chunks}</Link>,
    settingsLink: (chunks: ReactNode[]) => <Link to="/settings">{chunks}</Link>,
  };
}

type Values = ReturnType<typeof messageValues>;

function Block({ block, values }: { block: LegalBlock; values: Values }) {
  if ("element" in block) return block.element;
  if ("p" in block) {
    return (
      <p>
        <FormattedMessage {...block.p} values={values} />
      </p>
    );
  }
  return (
    <ul>
      {block.list.map((item) => (
        <li key={item.id}>
          <FormattedMessage {...item} values={values} />
        </li>
      ))}
    </ul>
  );
}

function Contents({ sections }: { sections: readonly LegalSection[] }) {
  return (
    <nav className="legal-toc" aria-labelledby="legal-toc-title">
      <p id="legal-toc-title" className="legal-toc-title">
        <FormattedMessage {...m.toc} />
      </p>
      <ol>
        {sections.map((section) => (
          <li key={section.id}>
            <a href={`#${section.id}`}>
              <FormattedMessage {...section.heading} />
            </a>
          </li>
        ))}
      </ol>
    </nav>
  );
}

function Sections({ sections }: { sections: readonly LegalSection[] }) {
  // The texts name the brand, the contact addresses and the price: they wait for the settings.
  const config = useQuery(configQueryOptions());
  return (
    <QueryState query={config} failed={<FormattedMessage {...m.loadFailed} />} retry={<FormattedMessage {...m.retry} />}>
      {(loaded) => <SectionTexts sections={sections} values={messageValues(loaded)} />}
    </QueryState>
  );
}

function SectionTexts({ sections, values }: { sections: readonly LegalSection[]; values: ReturnType<typeof messageValues> }) {
  return (
    <>
      {sections.length >= TOC_MIN_SECTIONS && <Contents sections={sections} />}
      {sections.map((section) => (
        <section key={section.id} aria-labelledby={section.id}>
          <h2 id={section.id}>
            <FormattedMessage {...section.heading} />
          </h2>
          {section.blocks.map((block, index) => (
            <Block key={index} block={block} values={values} />
          ))}
        </section>
      ))}
    </>
  );
}

/**
 * Render inside <LegalMessages>. `lastUpdated` is the YYYY-MM-DD day the text last changed (or,
 * with `dateLabel` saying so, was last reviewed).
 */
export function LegalDocument({
  title,
  lastUpdated,
  sections,
  dateLabel = m.lastUpdated,
}: {
  title: MessageDescriptor;
  lastUpdated: string;
  sections: readonly LegalSection[];
  dateLabel?: MessageDescriptor;
}) {
  return (
    <PageFrame
      narrow
      title={<FormattedMessage {...title} />}
      intro={
        <FormattedMessage
          {...dateLabel}
          values={{
            date: (
              <time dateTime={lastUpdated}>
                <FormattedDate value={calendarDay(lastUpdated)} dateStyle="long" timeZone="UTC" />
              </time>
            ),
          }}
        />
      }
    >
      <article className="legal legal-doc">
        <Sections sections={sections} />
      </article>
    </PageFrame>
  );
}
