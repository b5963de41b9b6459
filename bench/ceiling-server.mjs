/**
 * The framework's ceiling: a bare Fastify server answering one constant JSON document, run on
 * the same machine as the product so their requests per second can be compared. Plain
 * JavaScript, so it runs under plain node as the compiled product does, with no loader.
 */
import Fastify from 'fastify';

const app = Fastify({ logger: false });
const body = { status: 'ok', items: [{ _id: '1', name: 'constant' }] };
app.get('/', async () => body);
await app.listen({ port: Number(process.env.PORT ?? 0), host: '127.0.0.1' });
const address = app.server.address();
console.log(`listening ${typeof address === 'object' && address ? address.port : ''}`);
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
