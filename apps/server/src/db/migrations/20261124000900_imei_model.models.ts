/*
 * The models the imei_model migration found in existing listings' names: a copy, frozen with
 * the migration, of the marketplace's known models and of how a name names one, as they were
 * when it was written (packages/shared/src/phone-models.ts). Migrations import no app code, so
 * that they do the same on every database however the app changes later.
 */

const KNOWN: Record<string, string[]> = {
  iPhone: [
    'iPhone 8',
    'iPhone 8 Plus',
    'iPhone X',
    'iPhone XR',
    'iPhone XS',
    'iPhone XS Max',
    'iPhone 11',
    'iPhone 11 Pro',
    'iPhone 11 Pro Max',
    'iPhone SE',
    'iPhone SE (2020)',
    'iPhone SE (2022)',
    'iPhone 12 mini',
    'iPhone 12',
    'iPhone 12 Pro',
    'iPhone 12 Pro Max',
    'iPhone 13 mini',
    'iPhone 13',
    'iPhone 13 Pro',
    'iPhone 13 Pro Max',
    'iPhone 14',
    'iPhone 14 Plus',
    'iPhone 14 Pro',
    'iPhone 14 Pro Max',
    'iPhone 15',
    'iPhone 15 Plus',
    'iPhone 15 Pro',
    'iPhone 15 Pro Max',
    'iPhone 16e',
    'iPhone 16',
    'iPhone 16 Plus',
    'iPhone 16 Pro',
    'iPhone 16 Pro Max',
  ],
  samsung: [
    'Galaxy S20',
    'Galaxy S20+',
    'Galaxy S20 Ultra',
    'Galaxy S20 FE',
    'Galaxy S21',
    'Galaxy S21+',
    'Galaxy S21 Ultra',
    'Galaxy S21 FE',
    'Galaxy S22',
    'Galaxy S22+',
    'Galaxy S22 Ultra',
    'Galaxy S23',
    'Galaxy S23+',
    'Galaxy S23 Ultra',
    'Galaxy S23 FE',
    'Galaxy S24',
    'Galaxy S24+',
    'Galaxy S24 Ultra',
    'Galaxy S24 FE',
    'Galaxy S25',
    'Galaxy S25+',
    'Galaxy S25 Ultra',
    'Galaxy Note20',
    'Galaxy Note20 Ultra',
    'Galaxy Z Flip3',
    'Galaxy Z Flip4',
    'Galaxy Z Flip5',
    'Galaxy Z Flip6',
    'Galaxy Z Fold3',
    'Galaxy Z Fold4',
    'Galaxy Z Fold5',
    'Galaxy Z Fold6',
    'Galaxy A14',
    'Galaxy A15',
    'Galaxy A24',
    'Galaxy A25',
    'Galaxy A34',
    'Galaxy A35',
    'Galaxy A54',
    'Galaxy A55',
    'Galaxy M14',
    'Galaxy M34',
    'Galaxy M54',
  ],
  xiaomi: [
    'Xiaomi 12',
    'Xiaomi 12 Lite',
    'Xiaomi 12T',
    'Xiaomi 12T Pro',
    'Xiaomi 13',
    'Xiaomi 13 Lite',
    'Xiaomi 13T',
    'Xiaomi 13T Pro',
    'Xiaomi 14',
    'Xiaomi 14T',
    'Xiaomi 14T Pro',
    'Redmi Note 11',
    'Redmi Note 11 Pro',
    'Redmi Note 12',
    'Redmi Note 12 Pro',
    'Redmi Note 13',
    'Redmi Note 13 Pro',
    'Redmi Note 13 Pro+',
    'Redmi 12',
    'Redmi 13',
    'Redmi 13C',
    'Poco X5',
    'Poco X5 Pro',
    'Poco X6',
    'Poco X6 Pro',
    'Poco F5',
    'Poco F6',
    'Poco M6',
  ],
  realme: [
    'realme 10',
    'realme 10 Pro',
    'realme 11',
    'realme 11 Pro',
    'realme 11 Pro+',
    'realme 12',
    'realme 12 Pro',
    'realme 12 Pro+',
    'realme C53',
    'realme C55',
    'realme C67',
    'realme GT 2',
    'realme GT 5 Pro',
    'realme GT Neo 3',
    'realme narzo 60',
  ],
};

function tokens(text: string): string[] {
  return (text.toLowerCase().match(/[a-z]+|\d+|\+/g) ?? []).map((t) => (t === 'plus' ? '+' : t));
}

interface Known {
  model: string;
  category: string;
  key: string;
}

const MODELS: Known[] = Object.entries(KNOWN).flatMap(([category, models]) =>
  models.flatMap((model) => {
    const [first, ...rest] = tokens(model);
    const known = [{ model, category, key: [first, ...rest].join('') }];
    // "S23 Ultra" is the Galaxy S23 Ultra.
    if (first === 'galaxy') known.push({ model, category, key: rest.join('') });
    return known;
  }),
);

/** The longest known model of the category a listing's name names as whole words, or null. */
export function modelFromName(name: string, category: string): string | null {
  const words = tokens(name);
  const compact = words.join('');
  const edges = new Set<number>([0]);
  let at = 0;
  for (const word of words) edges.add((at += word.length));
  let best: Known | null = null;
  for (const start of edges) {
    for (const known of MODELS) {
      if (known.category !== category) continue;
      if (best && known.key.length <= best.key.length) continue;
      if (edges.has(start + known.key.length) && compact.startsWith(known.key, start)) {
        best = known;
      }
    }
  }
  return best ? best.model : null;
}
