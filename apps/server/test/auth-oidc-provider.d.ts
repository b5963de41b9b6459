// oidc-provider ships no types; the OpenID Connect test uses only this much of it.
declare module 'oidc-provider' {
  import type { Server } from 'node:http';

  interface Account {
    accountId: string;
    claims(): Promise<Record<string, unknown>>;
  }

  interface ProviderConfiguration {
    clients: Array<Record<string, unknown>>;
    claims?: Record<string, string[]>;
    cookies?: { keys: string[] };
    features?: Record<string, { enabled: boolean }>;
    pkce?: { required: () => boolean };
    findAccount(context: unknown, sub: string): Promise<Account | undefined>;
  }

  export default class Provider {
    constructor(issuer: string, configuration: ProviderConfiguration);
    listen(port: number): Server;
  }
}
