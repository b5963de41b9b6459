import { describe, expect, it } from 'vitest';
import { valueWriters } from '../src/db/dialect.ts';
import { testDbKind, useTestApp } from './build-test-app.ts';
import { createUser } from './factories.ts';
import { insertCategories, insertProducts, snapshot } from './helpers/market.ts';

const t = useTestApp();

/**
 * The snapshot that the "changes nothing" checks compare is a digest: it must still see every
 * kind of change, in every table it covers, or those checks would pass whatever a call did.
 */
describe(`the database snapshot of the tests on ${testDbKind}`, () => {
  it('is the same while nothing changes, and differs after any change to a row it covers', async () => {
    await insertCategories(t);
    const seller = await createUser(t, { role: 'seller' });
    const [first, second] = await insertProducts(t, seller.id, 2);
    const db = t.app.db;
    const w = valueWriters(db);

    const start = await snapshot(t);
    expect(await snapshot(t)).toEqual(start);
    expect(start.products!.rows).toBe(2);

    // One value of one row, then back: the same again.
    const { resellPriceCents: price } = await db
      .selectFrom('products')
      .select('resellPriceCents')
      .where('id', '=', first!)
      .executeTakeFirstOrThrow();
    await db
      .updateTable('products')
      .set({ resellPriceCents: price + 1 })
      .where('id', '=', first!)
      .execute();
    const repriced = await snapshot(t);
    expect(repriced.products).not.toEqual(start.products);
    expect({ ...repriced, products: start.products }).toEqual(start);
    await db
      .updateTable('products')
      .set({ resellPriceCents: price })
      .where('id', '=', first!)
      .execute();
    expect(await snapshot(t)).toEqual(start);

    // A value that becomes null, and a row removed.
    await db.updateTable('users').set({ phone: null }).where('id', '=', seller.id).execute();
    const noPhone = await snapshot(t);
    expect(noPhone.users).not.toEqual(start.users);
    await db.deleteFrom('products').where('id', '=', second!).execute();
    const removed = await snapshot(t);
    expect(removed.products).toMatchObject({ rows: 1 });
    expect(removed.products).not.toEqual(noPhone.products);

    // A new session counts; a session's renewed expiry does not.
    const sessions = (await snapshot(t)).sessions;
    await db
      .updateTable('sessions')
      .set({ expiresAt: w.date(new Date(Date.now() + 86_400_000)) })
      .where('userId', '=', seller.id)
      .execute();
    expect((await snapshot(t)).sessions).toEqual(sessions);
    await createUser(t, { role: 'buyer' });
    expect((await snapshot(t)).sessions).not.toEqual(sessions);
  });
});
