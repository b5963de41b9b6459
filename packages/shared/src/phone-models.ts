import type { CategoryName } from './constants.ts';

// Plain functions without schemas: the listing page and the product form use them.

/**
 * The models sellers list most, per category, as each maker writes them. The product form
 * suggests them, a listing's name proposes one of them, and any spelling of one ("iphone13",
 * "IPhone 13 ") is stored as written here.
 */
export const KNOWN_MODELS: Readonly<Record<CategoryName, readonly string[]>> = {
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

/** A model's words: runs of letters, runs of digits and '+', lower case ("plus" is '+'). */
export function modelTokens(text: string): string[] {
  const tokens = text.toLowerCase().match(/[a-z]+|\d+|\+/g) ?? [];
  return tokens.map((token) => (token === 'plus' ? '+' : token));
}

/**
 * What every spelling of one model shares: its words without spaces or case ("iphone13",
 * "IPhone 13 " and "iPhone13" all give "iphone13"; "plus" and "+" are one).
 */
export function modelKey(text: string): string {
  return modelTokens(text).join('');
}

interface KnownModel {
  model: string;
  category: CategoryName;
  key: string;
}

/** Words a seller may leave out of a model's name: "S23 Ultra" is the Galaxy S23 Ultra. */
const OPTIONAL_FIRST_WORDS = new Set(['galaxy']);

function knownModels(): KnownModel[] {
  const all: KnownModel[] = [];
  for (const [category, models] of Object.entries(KNOWN_MODELS) as [CategoryName, string[]][]) {
    for (const model of models) {
      const [first, ...rest] = modelTokens(model);
      all.push({ model, category, key: modelKey(model) });
      if (first !== undefined && OPTIONAL_FIRST_WORDS.has(first) && rest.length > 0) {
        all.push({ model, category, key: rest.join('') });
      }
    }
  }
  return all;
}

const KNOWN = knownModels();
const KNOWN_BY_KEY = new Map(KNOWN.map((known) => [known.key, known]));

/** Makers' names a seller may put before the model ("Apple iPhone 13", "Samsung Galaxy S23"). */
const MAKERS = new Set(['apple', 'samsung']);

/** What may follow the model in the field: the network ("5G") and the storage ("128GB"). */
function withoutExtras(tokens: string[]): string[] {
  let end = tokens.length;
  while (end >= 2) {
    const [value, unit] = [tokens[end - 2] ?? '', tokens[end - 1] ?? ''];
    const isNetwork = (value === '4' || value === '5') && unit === 'g';
    const isStorage = /^\d+$/.test(value) && (unit === 'gb' || unit === 'tb');
    if (!isNetwork && !isStorage) break;
    end -= 2;
  }
  const start = tokens.length > 1 && MAKERS.has(tokens[0] ?? '') ? 1 : 0;
  return tokens.slice(start, end);
}

/** The known model a spelling names, if any. */
export function knownModel(text: string): { model: string; category: CategoryName } | null {
  const tokens = modelTokens(text);
  const found =
    KNOWN_BY_KEY.get(tokens.join('')) ?? KNOWN_BY_KEY.get(withoutExtras(tokens).join(''));
  return found ? { model: found.model, category: found.category } : null;
}

/** How words of a model nobody listed before are written. */
const WORD_SPELLINGS: Record<string, string> = {
  iphone: 'iPhone',
  ipad: 'iPad',
  oneplus: 'OnePlus',
  realme: 'realme',
  narzo: 'narzo',
  se: 'SE',
  fe: 'FE',
  xl: 'XL',
  mini: 'mini',
};

function spellWord(word: string): string {
  const lower = word.toLowerCase();
  const known = WORD_SPELLINGS[lower];
  if (known) return known;
  if (/^\d+g$/.test(lower)) return lower.toUpperCase();
  return lower.charAt(0).toUpperCase() + lower.slice(1);
}

/**
 * A model as it is stored and shown, so that spellings agree: a known model as its maker writes
 * it ("iphone13", "IPhone 13 " → "iPhone 13"); any other with single spaces, each word
 * capitalized and a name run into its number split ("pixel8a" → "Pixel 8a").
 */
export function normalizeModel(text: string): string {
  const known = knownModel(text);
  if (known) return known.model;
  return text
    .trim()
    .split(/\s+/)
    .flatMap((word) => word.replace(/^([a-z]{3,})(\d)/i, '$1 $2').split(' '))
    .filter((word) => word !== '')
    .map(spellWord)
    .join(' ');
}

/**
 * The known model a listing's name speaks of ("Apple iPhone 13 Pro Max 256GB, blue" → "iPhone 13
 * Pro Max"): the longest one found as whole words, among the category's when it is given. Words
 * run together count ("iPhone13ProMax"), but a model never ends inside a word or a number
 * ("iPhone 130" is not the iPhone 13). Null when the name names none.
 */
export function modelFromName(name: string, category?: CategoryName | null): string | null {
  const tokens = modelTokens(name);
  const compact = tokens.join('');
  // Where each word of the name begins and ends in `compact`: a model must start and end there.
  const edges = new Set<number>([0]);
  let at = 0;
  for (const token of tokens) edges.add((at += token.length));
  let best: KnownModel | null = null;
  for (const start of edges) {
    for (const known of KNOWN) {
      if (category && known.category !== category) continue;
      if (best && known.key.length <= best.key.length) continue;
      if (edges.has(start + known.key.length) && compact.startsWith(known.key, start)) {
        best = known;
      }
    }
  }
  return best ? best.model : null;
}

/**
 * The models to suggest for what was typed: those whose name contains it, ignoring spaces and
 * case, the ones that begin with it first, each model once, in the order given otherwise.
 */
export function matchModels(typed: string, models: readonly string[], limit: number): string[] {
  const wanted = modelKey(typed);
  const starts: string[] = [];
  const contains: string[] = [];
  const seen = new Set<string>();
  for (const model of models) {
    const [first = '', ...rest] = modelTokens(model);
    const key = first + rest.join('');
    if (seen.has(key)) continue;
    seen.add(key);
    // "S23" begins the Galaxy S23 as much as "Galaxy" does.
    const bare = OPTIONAL_FIRST_WORDS.has(first) ? rest.join('') : key;
    if (key.startsWith(wanted) || bare.startsWith(wanted)) starts.push(model);
    else if (key.includes(wanted)) contains.push(model);
  }
  return [...starts, ...contains].slice(0, limit);
}
