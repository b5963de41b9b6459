import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { selectProductViews } from '../products/public.ts';

type Db = Kysely<Database>;

/**
 * What search still reads from the database: the rows behind result cards. Matching, counting,
 * facets, suggestions and saved-search alerts are the search engine's (search-engine.ts).
 */

/** The cards' rows of these documents (those still on show), in their order. */
export async function findCardViews(db: Db, docids: number[]) {
  if (docids.length === 0) return [];
  const rows = await selectProductViews(db)
    .innerJoin('search_docs as d', 'd.product', 'p.id')
    .select('d.docid')
    .where('d.docid', 'in', docids)
    .execute();
  const byDocid = new Map(rows.map((row) => [Number(row.docid), row]));
  return docids.flatMap((docid) => {
    const row = byDocid.get(docid);
    return row ? [row] : [];
  });
}
