// oidc-provider ships no type declarations; this covers what the browser tests use of it.
declare module 'oidc-provider' {
  import type { Server } from 'node:http';

  interface ClientMetadata {
    client_id: string;
    client_secret: string;
    redirect_uris: string[];
    grant_types?: string[];
    response_types?: string[];
  }
  interface Account {
    accountId: string;
    claims(): Record<string, unknown>;
  }
  interface Configuration {
    clients: ClientMetadata[];
    claims?: Record<string, string[]>;
    findAccount(ctx: unknown, id: string): Account | Promise<Account>;
    features?: Record<string, { enabled: boolean }>;
    pkce?: { required?: () => boolean };
  }
  export default class Provider {
    constructor(issuer: string, configuration: Configuration);
    listen(port: number, host?: string): Server;
  }
}
