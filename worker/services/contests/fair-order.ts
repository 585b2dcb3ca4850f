// Entries listed in a fair order (decision 184): neither by time nor by votes, but shuffled by a
// seed of the viewer's, so each listener meets a different entry first while their own page keeps
// its order between visits. Sorting by a hash of seed and id is a shuffle that needs no state.

async function rankOf(seed: string, id: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(`${seed}:${id}`));
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, "0")).join("");
}

export async function fairOrder<T extends { id: string }>(items: readonly T[], seed: string): Promise<T[]> {
  const ranks = await Promise.all(items.map(async (item) => [await rankOf(seed, item.id), item] as const));
  return ranks.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, item]) => item);
}
