// The artist's feed posts about contests (decision 192): "a contest opened" once it opens by the
// clock, "the results are out" once they are stored, each once (worker/db/contests/feed-posts.ts).
// Posts carry one text, so each says it in both languages; the opening post is for the tier the
// contest admits entries from when it has a tier gate (everyone else sees its teaser), the results
// post for everyone, as the contest's page is.
import { readConfig, type AppEnv } from "../../env";
import type { DB } from "../../db/client";
import { artistPoster, contestsDueAPost, postContestMoment, type DueContest, type FeedMoment } from "../../db/contests/feed-posts";

const WORDS: Record<FeedMoment, { en: (title: string) => string; ptBr: (title: string) => string }> = {
  opened: {
    en: (title) => `New remix contest: ${title}. Get the stems and send your remix.`,
    ptBr: (title) => `Novo concurso de remix: ${title}. Baixe as faixas (stems) e envie o seu remix.`,
  },
  ended: {
    en: (title) => `The results of ${title} are out: see who won.`,
    ptBr: (title) => `Saíram os resultados de ${title}: veja quem venceu.`,
  },
};

/** The post's text: English, Portuguese, then the contest's address. */
export function contestPostText(moment: FeedMoment, contest: Pick<DueContest, "id" | "title_en" | "title_pt_br">, siteUrl: string): string {
  const link = new URL(`/contests/${contest.id}`, siteUrl).href;
  return `${WORDS[moment].en(contest.title_en)}\n\n${WORDS[moment].ptBr(contest.title_pt_br)}\n\n${link}`;
}

/** The five-minute job: posts every moment due now; how many it posted. */
export async function postContestNews(env: AppEnv, db: DB, now: number): Promise<number> {
  const [opened, ended] = await Promise.all([contestsDueAPost(db, "opened", now), contestsDueAPost(db, "ended", now)]);
  if (opened.length + ended.length === 0) return 0;
  const poster = await artistPoster(db);
  // No administrator to sign as: nothing is keyed, so the posts come once one exists.
  if (!poster) return 0;
  const siteUrl = readConfig(env).SITE_URL;
  let posted = 0;
  for (const [moment, due] of [
    ["opened", opened],
    ["ended", ended],
  ] as const) {
    for (const contest of due) {
      const tierGated = moment === "opened" && contest.enter_access === "tier" && contest.enter_tier_id !== null;
      const wrote = await postContestMoment(
        db,
        {
          contestId: contest.id,
          moment,
          userId: poster,
          content: contestPostText(moment, contest, siteUrl),
          visibility: tierGated ? "vip" : "public",
          minTierId: tierGated ? contest.enter_tier_id : null,
        },
        now,
      );
      if (wrote) posted++;
    }
  }
  return posted;
}
