/**
 * Which matches of best match: 2 when every word is in the name, 1 when every word is in the
 * name, brand and details, 0 for the rest (the description needed).
 */
export type Rank = 2 | 1 | 0;

/** What a page's cursor holds for best match: the rank and the docid, as "rank:docid". */
export function readRankKey(key: number | string): { rank: Rank; docid: number } | null {
  const match = typeof key === 'string' ? /^([012]):(\d{1,16})$/.exec(key) : null;
  return match ? { rank: Number(match[1]) as Rank, docid: Number(match[2]) } : null;
}
