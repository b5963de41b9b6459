import crypto from 'node:crypto';
import pg from 'pg';

export interface PostgresDatabase {
  url: string;
  /** Drops the database, closing any connection still open to it. */
  drop(): Promise<void>;
}

async function administer(adminUrl: string, query: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(query);
  } finally {
    await client.end();
  }
}

/**
 * A new database with a random name beside the one `adminUrl` names, on the same server and for
 * the same user (who must be allowed to create databases): empty, or a copy of `template`.
 */
export async function createPostgresDatabase(
  adminUrl: string,
  prefix: string,
  template?: string,
): Promise<PostgresDatabase> {
  const name = `${prefix}_${crypto.randomBytes(6).toString('hex')}`;
  if (template !== undefined && !/^\w+$/.test(template))
    throw new Error(`bad template ${template}`);
  await administer(adminUrl, `create database ${name}${template ? ` template ${template}` : ''}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () => administer(adminUrl, `drop database if exists ${name} with (force)`),
  };
}
