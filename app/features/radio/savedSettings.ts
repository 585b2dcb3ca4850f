// The radio's settings kept across visits: the station last chosen, the volume and the mute.
import { readSavedLevels, type OutputLevels } from "../../lib/audio/output";

export const RADIO_STORAGE_KEY = "radio.v1";

type RadioStorage = Pick<Storage, "getItem" | "setItem"> | null;

/** What was saved, or null when nothing (readable) was. */
export function readSavedRadio(storage: RadioStorage): { station: string | null; levels: OutputLevels } | null {
  try {
    const saved = JSON.parse(storage?.getItem(RADIO_STORAGE_KEY) ?? "null") as { station?: unknown; volume?: unknown; muted?: unknown } | null;
    if (!saved || typeof saved !== "object") return null;
    return { station: typeof saved.station === "string" ? saved.station : null, levels: readSavedLevels(saved) };
  } catch {
    return null; // nothing saved, or unreadable: defaults
  }
}

export function saveRadio(storage: RadioStorage, settings: { station: string | null; volume: number; muted: boolean }) {
  try {
    storage?.setItem(RADIO_STORAGE_KEY, JSON.stringify({ station: settings.station, volume: settings.volume, muted: settings.muted }));
  } catch {
    // storage full or blocked: settings are not kept
  }
}
