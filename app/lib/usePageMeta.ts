// Per-page <title> and <meta name="description">, in the active language and with the configured
// brand. Every page route calls usePageMeta once (tests/app/page-meta.test.tsx checks that), so the
// tab, history and search results name the page: "Music Catalog · {brand}".
import { useQuery } from "@tanstack/react-query";
import { createContext, useContext, useEffect } from "react";
import { defineMessages, useIntl, type MessageDescriptor } from "react-intl";
import { configQueryOptions } from "./session/queries";
import type { PageHead } from "#contracts/ssr.ts";

type Values = Record<string, string | number>;

export type PageMeta = {
  /** The page's own name. The tab shows "{title} · {brand}". */
  title: MessageDescriptor;
  /** Arguments of the title message (e.g. a username). `brand` is always passed. */
  titleValues?: Values;
  /** The search-result summary of a public page. Without one the site's default description is used. */
  description?: MessageDescriptor;
  descriptionValues?: Values;
  /** The home page puts the brand first: "{brand} · {title}". */
  brandFirst?: boolean;
  /** The title names the brand itself ("A post in the {brand} community"): shown as it is. */
  titleNamesBrand?: boolean;
  /** The page's picture in link previews (a cover, a banner); the site's own picture otherwise. */
  image?: PageHead["image"];
  /** Its Open Graph type (music.album, music.song, article); website otherwise. */
  type?: string;
};

/**
 * On the server, where no effect runs, the page's head is written here while it renders: the
 * Worker puts it into the HTML (title, description, share tags). Null in the browser.
 */
export const PageHeadContext = createContext<Partial<PageHead> | null>(null);

export const SEPARATOR = " · ";

const siteMessages = defineMessages({
  description: {
    id: "meta.site.description",
    defaultMessage: "The official fan community: music, radio, TV, events and VIP membership.",
  },
});

// The static title of index.html, used as the brand until the site configuration has loaded.
const initialTitle = typeof document === "undefined" ? "" : document.title;

const joinTitle = (...parts: (string | undefined)[]) => parts.filter(Boolean).join(SEPARATOR);

function descriptionTag(): HTMLMetaElement {
  let tag = document.head.querySelector<HTMLMetaElement>('meta[name="description"]');
  if (!tag) {
    tag = document.createElement("meta");
    tag.name = "description";
    document.head.appendChild(tag);
  }
  return tag;
}

function apply(title: string, description: string) {
  document.title = title;
  descriptionTag().content = description;
}

/**
 * The brand of the site configuration (what useSiteConfig reads), without asking for it: the shell
 * (header, player popups) loads the configuration on every page, and a title must not add requests.
 */
function useConfiguredBrand(): string | undefined {
  return useQuery({ ...configQueryOptions(), enabled: false }).data?.brandName;
}

/**
 * Sets the document title and description for as long as the calling page is shown, and puts back
 * the site's own (brand, default description) when it goes away. Re-applies when the language or
 * the brand changes.
 */
export function usePageMeta({ title, titleValues, description, descriptionValues, brandFirst = false, titleNamesBrand = false, image, type }: PageMeta) {
  const intl = useIntl();
  const serverHead = useContext(PageHeadContext);
  const brand = useConfiguredBrand() ?? initialTitle;

  const pageName = intl.formatMessage(title, { ...titleValues, brand });
  const fullTitle = titleNamesBrand ? pageName : brandFirst ? joinTitle(brand, pageName) : joinTitle(pageName, brand);
  const siteDescription = intl.formatMessage(siteMessages.description);
  const pageDescription = description ? intl.formatMessage(description, { ...descriptionValues, brand }) : siteDescription;
  const siteTitle = brand;
  if (serverHead) Object.assign(serverHead, { title: fullTitle, description: pageDescription, image, type });

  useEffect(() => {
    apply(fullTitle, pageDescription);
    return () => apply(siteTitle, siteDescription);
  }, [fullTitle, pageDescription, siteTitle, siteDescription]);
}
