import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { lazyChildLogger } from '../src/lib/request-logger.ts';

interface Line {
  level: number;
  msg: string;
  reqId?: string;
  n?: number;
  part?: string;
}

async function appLoggingAt(level: string) {
  const lines: Line[] = [];
  const app = Fastify({
    logger: { level, stream: { write: (line: string) => lines.push(JSON.parse(line) as Line) } },
    childLoggerFactory: lazyChildLogger,
    genReqId: () => 'req-1',
  });
  app.get('/', async (request) => {
    request.log.info('info line');
    request.log.debug('debug line');
    request.log.warn({ n: 7 }, 'warn line');
    request.log.child({ part: 'inner' }).error('inner line');
    return { level: request.log.level };
  });
  await app.ready();
  return { app, lines };
}

describe('request logger', () => {
  it('writes only enabled levels, each line with its request id and bindings', async () => {
    const { app, lines } = await appLoggingAt('warn');
    const res = await app.inject({ method: 'GET', url: '/' });
    expect(res.json()).toEqual({ level: 'warn' });
    expect(lines.map((l) => [l.msg, l.reqId, l.n, l.part])).toEqual([
      ['warn line', 'req-1', 7, undefined],
      ['inner line', 'req-1', undefined, 'inner'],
    ]);
    await app.close();
  });

  it('keeps the request lines of the framework at level info', async () => {
    const { app, lines } = await appLoggingAt('info');
    await app.inject({ method: 'GET', url: '/' });
    expect(lines.map((l) => l.msg)).toEqual([
      'incoming request',
      'info line',
      'warn line',
      'inner line',
      'request completed',
    ]);
    expect(new Set(lines.map((l) => l.reqId))).toEqual(new Set(['req-1']));
    await app.close();
  });
});
