import net from 'node:net';

/**
 * A port on 127.0.0.1 that nothing listens on at the moment.
 * @returns {Promise<number>}
 */
export async function freePort() {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.unref();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}
