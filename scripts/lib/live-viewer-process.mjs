// One client process of `npm run measure:live` (scripts/measure-live.mjs): it plays --viewers
// viewers the way the watch page does (a playback token, the live playlist every segment, a token
// refresh) and sends back every request's time. Each viewer starts at a random moment of its
// first poll interval, so the requests spread as real players' do. Its parent sends { type:
// "run", origin, eventId, cookies, durationMs, pollMs, refreshAtMs, configEvery } and gets
// { type: "done", times: { token: [...], refresh: [...], playlist: [...], config: [...] }, failed }.

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** ms of one request, and whether it answered 200 (the body is read to its end either way). */
async function timed(url, init) {
  const t0 = performance.now();
  try {
    const response = await fetch(url, init);
    const body = await response.text();
    return { ms: performance.now() - t0, ok: response.status === 200, body };
  } catch {
    return { ms: performance.now() - t0, ok: false, body: "" };
  }
}

async function viewer(run, cookie, index, times, failed) {
  const headers = { cookie, origin: run.origin };
  const tokenUrl = `${run.origin}/api/live/${run.eventId}/token`;
  const takeToken = async (kind) => {
    const answer = await timed(tokenUrl, { method: "POST", headers });
    times[kind].push(answer.ms);
    if (!answer.ok) {
      failed[kind] = (failed[kind] ?? 0) + 1;
      return null;
    }
    return JSON.parse(answer.body).playlistUrl;
  };
  await sleep(Math.random() * run.pollMs);
  const started = performance.now();
  let playlist = await takeToken("token");
  if (!playlist) return;
  let refreshed = false;
  let polls = 0;
  while (performance.now() - started < run.durationMs) {
    const answer = await timed(new URL(playlist, run.origin), { headers: { origin: run.origin } });
    times.playlist.push(answer.ms);
    if (!answer.ok) failed.playlist = (failed.playlist ?? 0) + 1;
    // One viewer in `configEvery` also reads /api/config at the same pace: the same load, side by side.
    if (index % run.configEvery === 0) {
      const config = await timed(`${run.origin}/api/config`, { headers: { origin: run.origin } });
      times.config.push(config.ms);
      if (!config.ok) failed.config = (failed.config ?? 0) + 1;
    }
    polls++;
    if (!refreshed && performance.now() - started >= run.refreshAtMs) {
      refreshed = true;
      playlist = (await takeToken("refresh")) ?? playlist;
    }
    await sleep(run.pollMs);
  }
  return polls;
}

process.on("message", async (message) => {
  if (message.type !== "run") return;
  const times = { token: [], refresh: [], playlist: [], config: [] };
  const failed = {};
  await Promise.all(message.cookies.map((cookie, i) => viewer(message, cookie, message.firstIndex + i, times, failed)));
  process.send({ type: "done", times, failed }, () => process.exit(0));
});
