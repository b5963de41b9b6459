import path from 'node:path';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

/*
 * The server's module boundaries are kept by lint (eslint.config.js, `serverBoundaries`): these
 * texts are linted as if they sat at the given paths, so the zones are shown to refuse.
 */
const repoRoot = path.resolve(import.meta.dirname, '../../..');
const src = path.join(repoRoot, 'apps/server/src');
const RULE = 'import-x/no-restricted-paths';

let eslint: ESLint;
beforeAll(() => {
  eslint = new ESLint({ cwd: repoRoot });
});

async function boundaryMessages(file: string, text: string) {
  const [result] = await eslint.lintText(text, { filePath: path.join(src, file) });
  return (result?.messages ?? []).filter((m) => m.ruleId === RULE).map((m) => m.message);
}

describe('server boundaries', () => {
  it("refuses lib/ a module's repository", async () => {
    const text =
      "import { findSuspension } from '../modules/moderation/moderation.repository.ts';\n" +
      'export const lookUp = findSuspension;\n';
    expect(await boundaryMessages('lib/suspensions.ts', text)).toEqual([
      'Unexpected path "../modules/moderation/moderation.repository.ts" imported in restricted zone. ' +
        'lib/, plugins/ and db/ know no module: take what is needed as a parameter and let app.ts hand it in.',
    ]);
  });

  it('refuses lib/ even a public file of a module', async () => {
    const text =
      "import { findSuspension } from '../modules/moderation/public.ts';\n" +
      'export const lookUp = findSuspension;\n';
    expect(await boundaryMessages('plugins/suspensions.ts', text)).toHaveLength(1);
  });

  it("refuses a module another module's repository, and admits its public file and services", async () => {
    const inside = 'modules/reviews/review-lookup.ts';
    const repository =
      "import { findSuspension } from '../moderation/moderation.repository.ts';\n" +
      'export const lookUp = findSuspension;\n';
    expect(await boundaryMessages(inside, repository)).toEqual([
      'Unexpected path "../moderation/moderation.repository.ts" imported in restricted zone. ' +
        "Modules reach each other only through a service (*.service.ts) or the module's public.ts: export what reviews needs from there.",
    ]);
    const allowed =
      "import { findSuspension } from '../moderation/public.ts';\n" +
      "import { restoreUser } from '../moderation/moderation.service.ts';\n" +
      "import { countCompletedDeal } from './seller-stats.repository.ts';\n" +
      'export const used = [findSuspension, restoreUser, countCompletedDeal];\n';
    expect(await boundaryMessages(inside, allowed)).toEqual([]);
  });

  it('refuses app.ts as a type', async () => {
    const text = "import type { App } from '../../app.ts';\nexport type Server = App;\n";
    expect(await boundaryMessages('modules/search/server-type.ts', text)).toEqual([
      'Unexpected path "../../app.ts" imported in restricted zone. ' +
        "Nothing imports app.ts: use FastifyInstance (with the module's `declare module 'fastify'`) or a shared type file.",
    ]);
  });

  it('passes the server as it is', async () => {
    const results = await eslint.lintFiles(['apps/server/src/**/*.ts']);
    const found = results.flatMap((r) =>
      r.messages.filter((m) => m.ruleId === RULE).map((m) => `${r.filePath}: ${m.message}`),
    );
    expect(found).toEqual([]);
  }, 120_000);
});
