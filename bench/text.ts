/**
 * How long the contact masking of messages takes on long hostile text (each text of
 * apps/server/test/fixtures/hostile-text.ts), in milliseconds per message: linear patterns keep
 * each to a few milliseconds on this machine. `npm run bench:text`.
 */
import { maskContacts } from '../apps/server/src/modules/conversations/contact-masking.ts';
import { HOSTILE_TEXTS } from '../apps/server/test/fixtures/hostile-text.ts';
import { writeResults } from './lib.ts';

const ROUNDS = 50;
const rows = HOSTILE_TEXTS.map(([label, text]) => {
  maskContacts(text, '[hidden]');
  const times: number[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    const started = performance.now();
    maskContacts(text, '[hidden]');
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return {
    text: label,
    characters: text.length,
    p50Ms: Number(times[Math.floor(ROUNDS / 2)]!.toFixed(3)),
    maxMs: Number(times.at(-1)!.toFixed(3)),
  };
});
console.table(rows);
console.log(`written to ${writeResults('text', rows)}`);
