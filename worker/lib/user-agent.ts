// The browser and operating system of a User-Agent header, as the short summaries the Devices
// list shows ("Chrome 120", "Windows 10", "iOS 17.4"). bowser does the reading (decision 039);
// only the summaries are stored, never the header itself.
import Bowser from "bowser";

export type DeviceSummary = { browser: string | null; os: string | null };

/** Longer headers are cut before parsing: real ones are a few hundred characters. */
const UA_MAX_CHARS = 512;
/** Longest summary kept: a name and a version. */
const SUMMARY_MAX_CHARS = 64;

const join = (name: string | undefined, version: string | undefined) => {
  const text = [name, version].filter(Boolean).join(" ").trim();
  return text ? text.slice(0, SUMMARY_MAX_CHARS) : null;
};

/** The major version only ("120.0.6099.71" → "120"): enough to tell devices apart, and stable across updates. */
const major = (version: string | undefined) => version?.split(".")[0];

/**
 * Windows: its marketing name ("10", from the NT number). macOS: none, because browsers freeze it
 * at 10.15.7 whatever the system is, so a number would mislead. Others: as the header says it.
 */
function osVersion(os: { name?: string; version?: string; versionName?: string }) {
  if (os.name === "Windows") return os.versionName ?? os.version;
  if (os.name === "macOS") return undefined;
  return os.version;
}

export function describeUserAgent(header: string | null | undefined): DeviceSummary {
  if (!header) return { browser: null, os: null };
  try {
    const parsed = Bowser.parse(header.slice(0, UA_MAX_CHARS));
    return {
      browser: join(parsed.browser.name, major(parsed.browser.version)),
      os: join(parsed.os.name, osVersion(parsed.os)),
    };
  } catch {
    return { browser: null, os: null }; // an unreadable header is an unknown device, never an error
  }
}
