import crypto from 'node:crypto';
import net from 'node:net';
import type { FastifyServerOptions } from 'fastify';

/** An id we keep as it came: short, and nothing a log line or a header could be split by. */
const ACCEPTED_ID = /^[\w-]{1,64}$/;

/**
 * Each request's id: the answer's X-Request-Id, every log line of the request (`reqId`) and a
 * server error's body (`error.requestId`). The id a request brings in X-Request-Id is kept only
 * when it can be trusted: it came through the load balancer the operator named trusted
 * (TRUST_PROXY), or it was made in this process (a page drawn on the server calls its API
 * in-process under the page's id). Anyone else's is replaced, so an id in the logs is always
 * one this server or its proxy gave.
 */
export function requestIdGenerator(
  trustProxy: boolean,
): NonNullable<FastifyServerOptions['genReqId']> {
  return (req) => {
    const given = req.headers['x-request-id'];
    const trusted = trustProxy || !(req.socket instanceof net.Socket);
    return trusted && typeof given === 'string' && ACCEPTED_ID.test(given)
      ? given
      : crypto.randomUUID();
  };
}
