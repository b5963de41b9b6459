import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import { columnTypes } from '../dialect.ts';

// Kysely migrations work on an untyped database: the schema is what this file makes it.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  const t = columnTypes(db);

  // Better Auth's four models, with the marketplace's profile columns on users.
  await db.schema
    .createTable('users')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull().unique())
    .addColumn('emailVerified', t.boolean, (c) => c.notNull().defaultTo(t.falseValue))
    .addColumn('image', 'text')
    .addColumn('createdAt', t.timestamp, (c) => c.notNull())
    .addColumn('updatedAt', t.timestamp, (c) => c.notNull())
    .addColumn('phone', 'text')
    .addColumn('role', 'text', (c) =>
      c
        .notNull()
        .defaultTo('buyer')
        .check(sql`role in ('buyer', 'seller', 'admin')`),
    )
    .addColumn('isVerifiedUser', t.boolean, (c) => c.notNull().defaultTo(t.falseValue))
    .execute();
  // Emails are unique whatever their letter case.
  await db.schema
    .createIndex('users_email_lower_unique')
    .on('users')
    .unique()
    .expression(sql`lower(email)`)
    .execute();
  await db.schema
    .createIndex('users_role_idx')
    .on('users')
    .columns(['role', 'createdAt'])
    .execute();

  await db.schema
    .createTable('sessions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('expiresAt', t.timestamp, (c) => c.notNull())
    .addColumn('token', 'text', (c) => c.notNull().unique())
    .addColumn('createdAt', t.timestamp, (c) => c.notNull())
    .addColumn('updatedAt', t.timestamp, (c) => c.notNull())
    .addColumn('ipAddress', 'text')
    .addColumn('userAgent', 'text')
    .addColumn('userId', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .execute();
  await db.schema.createIndex('sessions_user_idx').on('sessions').column('userId').execute();

  await db.schema
    .createTable('accounts')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('accountId', 'text', (c) => c.notNull())
    .addColumn('providerId', 'text', (c) => c.notNull())
    .addColumn('userId', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('accessToken', 'text')
    .addColumn('refreshToken', 'text')
    .addColumn('idToken', 'text')
    .addColumn('accessTokenExpiresAt', t.timestamp)
    .addColumn('refreshTokenExpiresAt', t.timestamp)
    .addColumn('scope', 'text')
    .addColumn('password', 'text')
    .addColumn('createdAt', t.timestamp, (c) => c.notNull())
    .addColumn('updatedAt', t.timestamp, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('accounts_user_idx').on('accounts').column('userId').execute();
  await db.schema
    .createIndex('accounts_provider_account_idx')
    .on('accounts')
    .columns(['providerId', 'accountId'])
    .execute();

  await db.schema
    .createTable('verifications')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('identifier', 'text', (c) => c.notNull())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('expiresAt', t.timestamp, (c) => c.notNull())
    .addColumn('createdAt', t.timestamp, (c) => c.notNull())
    .addColumn('updatedAt', t.timestamp, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('verifications_identifier_idx')
    .on('verifications')
    .column('identifier')
    .execute();

  await db.schema
    .createTable('rateLimits')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('key', 'text', (c) => c.notNull().unique())
    .addColumn('count', 'integer', (c) => c.notNull())
    .addColumn('lastRequest', t.bigint, (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('categories')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull().unique())
    .addColumn('img', 'text', (c) => c.notNull())
    .addColumn('sortOrder', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  await db.schema
    .createTable('products')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('sellerId', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('category', 'text', (c) => c.notNull().references('categories.name'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('imgUrl', 'text', (c) => c.notNull())
    .addColumn('originalPriceCents', 'integer', (c) =>
      c.notNull().check(sql`"originalPriceCents" > 0`),
    )
    .addColumn('resellPriceCents', 'integer', (c) => c.notNull().check(sql`"resellPriceCents" > 0`))
    .addColumn('yearOfPurchase', 'integer', (c) => c.notNull())
    .addColumn('condition', 'text', (c) =>
      c.notNull().check(sql`condition in ('excellent', 'good', 'fair')`),
    )
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('location', 'text', (c) => c.notNull())
    .addColumn('advertised', t.boolean, (c) => c.notNull().defaultTo(t.falseValue))
    .addColumn('postedAt', t.timestamp, (c) => c.notNull())
    .execute();
  // Category pages: newest first, keyset-friendly.
  await db.schema
    .createIndex('products_category_posted_idx')
    .on('products')
    .columns(['category', 'postedAt desc', 'id desc'])
    .execute();
  await db.schema
    .createIndex('products_seller_posted_idx')
    .on('products')
    .columns(['sellerId', 'postedAt desc'])
    .execute();
  await db.schema
    .createIndex('products_advertised_idx')
    .on('products')
    .columns(['postedAt desc', 'id desc'])
    .where(sql.ref('advertised'), '=', isTrue(db))
    .execute();

  await db.schema
    .createTable('bookings')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('buyerId', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('productId', 'text', (c) => c.references('products.id').onDelete('set null'))
    .addColumn('sellerId', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('phone', 'text', (c) => c.notNull())
    .addColumn('location', 'text', (c) => c.notNull())
    .addColumn('productName', 'text', (c) => c.notNull())
    .addColumn('priceCents', 'integer', (c) => c.notNull())
    .addColumn('imgUrl', 'text', (c) => c.notNull())
    .addColumn('createdAt', t.timestamp, (c) => c.notNull())
    .addUniqueConstraint('bookings_buyer_product_unique', ['buyerId', 'productId'])
    .execute();
  await db.schema
    .createIndex('bookings_buyer_idx')
    .on('bookings')
    .columns(['buyerId', 'createdAt desc'])
    .execute();
  await db.schema
    .createIndex('bookings_seller_idx')
    .on('bookings')
    .columns(['sellerId', 'createdAt desc'])
    .execute();
  await db.schema.createIndex('bookings_product_idx').on('bookings').column('productId').execute();

  await db.schema
    .createTable('wishlistItems')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('userId', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('productId', 'text', (c) =>
      c.notNull().references('products.id').onDelete('cascade'),
    )
    .addColumn('createdAt', t.timestamp, (c) => c.notNull())
    .addUniqueConstraint('wishlist_user_product_unique', ['userId', 'productId'])
    .execute();
  await db.schema
    .createIndex('wishlist_product_idx')
    .on('wishlistItems')
    .column('productId')
    .execute();

  await db.schema
    .createTable('reviews')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('img', 'text', (c) => c.notNull())
    .addColumn('reviewText', 'text', (c) => c.notNull())
    .addColumn('sortOrder', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  await db.schema
    .createTable('blogs')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('qn', 'text', (c) => c.notNull())
    .addColumn('ans', 'text', (c) => c.notNull())
    .addColumn('sortOrder', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  await db.schema
    .createTable('images')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('contentType', 'text', (c) => c.notNull())
    .addColumn('bytes', 'integer', (c) => c.notNull())
    .addColumn('width', 'integer', (c) => c.notNull())
    .addColumn('height', 'integer', (c) => c.notNull())
    .addColumn('createdAt', t.timestamp, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('images_created_idx').on('images').column('createdAt').execute();
}

function isTrue(db: AnyDb) {
  return columnTypes(db).boolean === 'boolean' ? sql`true` : sql`1`;
}

export async function down(db: AnyDb): Promise<void> {
  for (const table of [
    'images',
    'blogs',
    'reviews',
    'wishlistItems',
    'bookings',
    'products',
    'categories',
    'rateLimits',
    'verifications',
    'accounts',
    'sessions',
    'users',
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
