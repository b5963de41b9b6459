import { SCAM_RULES, type ScamRule } from '@market/shared';
import { maskContacts, normalise } from './contact-masking.ts';

/*
 * The scam shield (decision 0036): the usual scripts of used-phone scams, as one table of
 * patterns in English and Bangla. A message that matches is delivered as written; its reader
 * sees a calm warning under it. It is a nudge, like the contact mask, not a filter: patterns
 * prefer missing a clever scam to warning about an honest message.
 */

export interface ScamPattern {
  rule: ScamRule;
  /** The language it is written for; 'bn' includes Bangla typed in Latin letters. */
  lang: 'en' | 'bn';
  /** Why it is here: the script it catches. The decision record lists the same. */
  why: string;
  /** Every expression must match the same form of the text. */
  match: RegExp[];
  /** The honest sentence the pattern could be mistaken for: not flagged when this matches. */
  unless?: RegExp;
  /** Also needs a phone number or an email address in the text, as the contact mask finds them. */
  withContact?: boolean;
}

/**
 * Patterns match the normal form of the text (NFKC, so fullwidth and other compatibility
 * letters are plain ones; Bangla's নুক্তা letters such as য় are spelled as two code points), so
 * their own source is brought to that form too.
 */
const re = (source: string) => new RegExp(source.normalize('NFKC'), 'iu');

const MONEY = String.raw`(?:\b(?:money|payment|cash|amount|taka|tk|bdt|dollars?|usd|bkash|nagad|rocket|paypal|zelle|venmo)\b|[$৳€£]|\b\d{3,}\b)`;
const MEET_FIRST = re(
  String.raw`\b(?:when|once|after|as soon as)\s+(?:we|i|you)\s+(?:meet|see|check)|\bin person\b|\bat the meeting\b|\bcash on delivery\b`,
);
const APPS = String.raw`(?:what'?s\s?app|whatsap+|watsap+|telegram|viber|we\s?chat|skype|signal|imo|kakao\s?talk)`;
const APPS_BN = String.raw`(?:হোয়াটস\s*অ্যাপ|হোয়াটস\s*আপ|হোয়াটসাপ|টেলিগ্রাম|ইমো|ভাইবার|মেসেঞ্জার)`;
const SITE_WORDS = String.raw`(?:pay|checkout|wallet|bank|escrow|parcel|courier|deliver|shipping|ship|track|invoice|refund|claim|dhl|fedex|ups|usps|pathao|redx|steadfast|sundarban|paperfly|ecourier|bkash|nagad|western|moneygram)`;
const TLD = String.raw`(?:com|net|org|info|biz|io|co|me|app|link|site|online|xyz|top|shop|store|live|bd)`;
const LATER = String.raw`(?:today|tonight|now|until|till|before|this|tomorrow|at|on|monday|tuesday|wednesday|thursday|friday|saturday|sunday|morning|evening|afternoon|weekend|next|later|after|yet)`;

/** The one table of patterns. Each is tested on phrases that must and must not match it. */
export const SCAM_PATTERNS: readonly ScamPattern[] = [
  // Payment or a deposit before the meeting: the phone usually does not exist.
  {
    rule: 'payment_first',
    lang: 'en',
    why: 'A deposit, a booking or holding fee, or token money to keep the phone for the buyer: the commonest script, and the phone rarely exists.',
    match: [
      re(
        String.raw`\b(?:deposit|down\s?payment|advance\s+(?:payment|money|amount)|token\s+(?:money|amount|payment)|(?:booking|holding|reservation|reserve)\s+(?:fee|money|amount|charge))\b`,
      ),
    ],
  },
  {
    rule: 'payment_first',
    lang: 'en',
    why: 'Paying or sending money first, upfront or in advance, before meeting and checking the phone.',
    match: [
      re(
        String.raw`\b(?:pay|send|transfer|wire|bkash|nagad)\w*\b.{0,40}?\b(?:first|upfront|up\s+front|beforehand|in\s+advance|advance|before\s+(?:we\s+meet|meeting|i\s+(?:ship|send|deliver|come)|delivery|shipping))\b|\b(?:\d+\s?%|half|part)\s+(?:of\s+it\s+|of\s+the\s+price\s+)?(?:upfront|up\s+front|in\s+advance|advance)\b`,
      ),
      re(String.raw`${MONEY}|%|\bhalf\b`),
    ],
    unless: MEET_FIRST,
  },
  {
    rule: 'payment_first',
    lang: 'en',
    why: "Money sent to the writer's own wallet, account or number (bKash, Nagad, PayPal, a bank) instead of handed over at the meeting.",
    match: [
      re(
        String.raw`\b(?:send|transfer|pay|deposit)\w*\s+(?:\S+\s+){0,4}?(?:to|on|via|through|into|in)\s+(?:my|this|our|the\s+following)\s+(?:bkash|nagad|rocket|upay|paypal|zelle|venmo|cash\s?app|bank|account|wallet|number)\b`,
      ),
    ],
    unless: MEET_FIRST,
  },
  {
    rule: 'payment_first',
    lang: 'bn',
    why: 'অগ্রিম, বায়না, অ্যাডভান্স, জামানত: an advance or an earnest-money deposit.',
    match: [re('অগ্রিম|বায়না|অ্যাডভান্স|এডভান্স|এ্যাডভান্স|জামানত')],
  },
  {
    rule: 'payment_first',
    lang: 'bn',
    why: '"আগে টাকা" / "টাকা আগে": money (or bKash, Nagad) first.',
    match: [
      re(
        String.raw`আগে\s*(?:\S+\s*)?(?:টাকা|পেমেন্ট|বিকাশ|নগদ|রকেট)|(?:টাকা|পেমেন্ট)\s*(?:\S+\s*)?আগে`,
      ),
    ],
  },
  {
    rule: 'payment_first',
    lang: 'bn',
    why: '"বিকাশ করে দিন", "টাকা পাঠান": a request to send money by a mobile wallet.',
    match: [
      re(
        String.raw`(?:বিকাশ|নগদ|রকেট)\s*(?:করে\s*(?:দিন|দেন|দাও)|করুন|করেন|পাঠান|পাঠিয়ে\s*দিন)|টাকা\s*(?:\S+\s*)?(?:পাঠান|পাঠিয়ে\s*দিন|পাঠাও)`,
      ),
    ],
  },
  {
    rule: 'payment_first',
    lang: 'bn',
    why: 'The same requests in Bangla typed in Latin letters ("advance din", "age taka", "bkash koren").',
    match: [
      re(
        String.raw`\b(?:advance\s+(?:din|den|dite|diye|koren|korun|pathan)|agrim|bayna|ag[ea]y?\s+taka|taka\s+(?:ag[ea]y?|pathan|pathiye\s+din)|(?:bkash|bikash|nagad|rocket)\s+(?:kore\s+)?(?:din|den|koren|korun|pathan))\b`,
      ),
    ],
  },

  // One-time codes: with the code sent to the buyer's phone, the writer takes over an account.
  {
    rule: 'one_time_code',
    lang: 'en',
    why: "Asking for an OTP or a verification, security or login code: it takes over the reader's messaging, bank or wallet account.",
    match: [
      re(
        String.raw`\b(?:otp|one[\s-]?time\s+(?:code|password|pin|passcode)|(?:verification|verify|security|confirmation|login|auth(?:entication)?|2fa|sms|what'?s\s?app|activation|access)\s+codes?)\b`,
      ),
    ],
  },
  {
    rule: 'one_time_code',
    lang: 'en',
    why: '"Send me the code", "the 6-digit code", "the code you just received".',
    match: [
      re(
        String.raw`\b(?:send|tell|give|share|forward|read|text)\w*\s+(?:me\s+|us\s+)?(?:the|that|this|your|a)\s+(?:\d\s?-?\s?digits?\s+)?code\b|\b\d\s?-?\s?digits?\s+(?:code|pin)\b|\bcode\b.{0,30}\b(?:you|u)\s+(?:just\s+)?(?:got|get|received|receive)\b`,
      ),
    ],
  },
  {
    rule: 'one_time_code',
    lang: 'bn',
    why: 'ওটিপি, ভেরিফিকেশন কোড, "কোডটা দিন": a one-time code asked for.',
    match: [
      re(
        String.raw`ওটিপি|(?:ভেরিফিকেশন|যাচাই|সিকিউরিটি|নিরাপত্তা|গোপন)\s*কোড|কোড\S*\s*(?:\S+\s*){0,2}?(?:দিন|দেন|দাও|পাঠান|পাঠাও|বলুন|বলেন|বলো|শেয়ার)|\b(?:code|otp)\s*(?:ta|ti)?\s*(?:din|den|dao|bolen|bolun|pathan)\b`,
      ),
    ],
  },

  // Links to payment or parcel sites: a fake page that takes card or wallet details.
  {
    rule: 'payment_link',
    lang: 'en',
    why: 'A link whose address names payment, a wallet, a bank, escrow, a parcel or a courier: the fake "receive your payment" or "pay the delivery" page.',
    match: [
      re(
        String.raw`(?:https?:\/\/|www\.)\S*${SITE_WORDS}|\b[\w-]*${SITE_WORDS}[\w-]*(?:\.[\w-]+)*\.${TLD}\b`,
      ),
    ],
  },
  {
    rule: 'payment_link',
    lang: 'en',
    why: 'A shortened link, which hides the site it leads to.',
    match: [
      re(
        String.raw`\b(?:bit\.ly|tinyurl\.com|t\.co|cutt\.ly|is\.gd|rb\.gy|shorturl\.at|tiny\.cc|ow\.ly|goo\.gl)\/\S+`,
      ),
    ],
  },
  {
    rule: 'payment_link',
    lang: 'en',
    why: '"A payment link", "I\'ll pay by a link", "click the link to receive the money".',
    match: [
      re(
        String.raw`\b(?:payment|pay|paying|checkout|escrow|courier|delivery|parcel|tracking|claim|refund)\s+link\b|\blinks?\b.{0,30}?\b(?:to|and)\s+(?:pay|receive|accept|claim|confirm|get\s+(?:paid|the\s+money|your\s+money))\b|\b(?:pay|send)\w*\s+(?:you\s+)?(?:by|via|through|with|using)\s+(?:a|the|this|my)\s+link\b`,
      ),
    ],
  },
  {
    rule: 'payment_link',
    lang: 'bn',
    why: 'লিংক with payment, money, a click or a parcel: "লিংকে ক্লিক করে পেমেন্ট নিন".',
    match: [re('লিংক|লিঙ্ক|\\blink\\b'), re('পেমেন্ট|টাকা|ক্লিক|কুরিয়ার|পার্সেল|ডেলিভারি')],
  },

  // Gift cards and top-ups: untraceable payment.
  {
    rule: 'gift_card',
    lang: 'en',
    why: 'Gift cards and store vouchers (Google Play, iTunes, Steam, Amazon…): untraceable, and never how a phone is paid for.',
    match: [
      re(
        String.raw`\b(?:gift\s?cards?|(?:google\s?play|play\s?store|itunes|apple|app\s?store|steam|amazon|ebay|razer(?:\s?gold)?|sephora|vanilla|prepaid|netflix|xbox|psn|playstation)\s+(?:gift\s+)?(?:cards?|vouchers?)|voucher\s+codes?|scratch\s+cards?)\b`,
      ),
    ],
  },
  {
    rule: 'gift_card',
    lang: 'en',
    why: 'A mobile top-up (recharge, flexiload, airtime) asked for: the local gift card.',
    match: [
      re(
        String.raw`\b(?:send|give|do|make|pay\w*|transfer)\b.{0,30}?\b(?:recharge|top[\s-]?up|flexi\s?load|airtime)\b|\b(?:recharge|top[\s-]?up|flexi\s?load)\b.{0,20}?\b(?:my|this)\s+(?:number|phone|sim)\b`,
      ),
    ],
  },
  {
    rule: 'gift_card',
    lang: 'bn',
    why: 'গিফট কার্ড, গুগল প্লে কার্ড, "রিচার্জ করে দিন", "ফ্লেক্সিলোড পাঠান".',
    match: [
      re(
        String.raw`গিফট\s*কার্ড|গিফ্ট\s*কার্ড|উপহার\s*কার্ড|গুগল\s*প্লে\s*কার্ড|(?:রিচার্জ|ফ্লেক্সিলোড|ফ্লেক্সি)\s*(?:\S+\s*){0,2}?(?:করে\s*দিন|করে\s*দেন|পাঠান|দিন|করুন)`,
      ),
    ],
  },

  // Another app, with a number: away from this conversation, its report button and its record.
  {
    rule: 'other_app',
    lang: 'en',
    why: 'Another messaging app (WhatsApp, Telegram, Viber, imo…) named together with a phone number or an address.',
    match: [re(String.raw`\b${APPS}\b|\bmessenger\b`)],
    withContact: true,
  },
  {
    rule: 'other_app',
    lang: 'en',
    why: 'A link that opens a chat in another app (wa.me, t.me): the number is in the link.',
    match: [
      re(String.raw`\b(?:wa\.me|t\.me|api\.whatsapp\.com|chat\.whatsapp\.com|viber\.click)\/\S+`),
    ],
  },
  {
    rule: 'other_app',
    lang: 'en',
    why: '"Text me on WhatsApp", "let\'s continue on Telegram": an invitation to move.',
    match: [
      re(
        String.raw`\b(?:text|message|msg|call|contact|add|reach|find|ping|chat|talk|write|dm|knock|hit)\w*\s+(?:me\s+|us\s+)?(?:on|via|in|at|through|over|using)\s+(?:my\s+)?${APPS}\b|\b(?:let'?s|we\s+can|can\s+we|better\s+to|continue|move|switch|go|come)\b.{0,25}?\b(?:on|to)\s+${APPS}\b`,
      ),
    ],
  },
  {
    rule: 'other_app',
    lang: 'bn',
    why: 'হোয়াটসঅ্যাপ, টেলিগ্রাম, ইমো, ভাইবার with a number.',
    match: [re(APPS_BN)],
    withContact: true,
  },
  {
    rule: 'other_app',
    lang: 'bn',
    why: '"হোয়াটসঅ্যাপে নক দিন", "ইমোতে কথা বলি": an invitation to move.',
    match: [
      re(String.raw`${APPS_BN}\S*\s*(?:\S+\s*){0,2}?(?:নক|মেসেজ|ম্যাসেজ|যোগাযোগ|কথা|অ্যাড|এড|কল)`),
    ],
  },

  // Shipping only: the seller will not meet, so the buyer pays for a box unseen.
  {
    rule: 'shipping_only',
    lang: 'en',
    why: '"Shipping only", "courier only", "I only ship": no meeting, so nobody checks the phone before paying.',
    match: [
      re(
        String.raw`\b(?:shipping|delivery|courier|post(?:al)?|mail)\s+only\b|\bonly\s+(?:by\s+|via\s+|through\s+|do\s+|can\s+)?(?:ship|shipping|deliver|delivery|courier|post|mail)\w*\b|\bship\w*\s+only\b`,
      ),
    ],
  },
  {
    rule: 'shipping_only',
    lang: 'en',
    why: '"I can\'t meet", "no meetups", "no cash on delivery": refusing a meeting at all (not "can\'t meet today").',
    match: [
      re(
        String.raw`\b(?:can(?:not|'?t)|won'?t|don'?t|do\s+not|will\s+not|unable\s+to|not\s+able\s+to)\s+(?:\w+\s+)?meet(?:\s?up)?\b(?!\s*(?:you\s+|up\s+|in\s+person\s+)?${LATER}\b)|\bno\s+(?:meet\w*|pick\s?-?ups?|face[\s-]to[\s-]face|in[\s-]person|cash\s+on\s+delivery|cod)\b`,
      ),
    ],
  },
  {
    rule: 'shipping_only',
    lang: 'en',
    why: '"I am abroad / overseas / out of the country": the classic reason for shipping only.',
    match: [
      re(
        String.raw`\b(?:i'?m|i\s+am|currently|now|living|working|stationed|deployed)\s+(?:\w+\s+)?(?:abroad|overseas|offshore|out\s+of\s+(?:the\s+)?country|in\s+another\s+country)\b`,
      ),
    ],
  },
  {
    rule: 'shipping_only',
    lang: 'en',
    why: '"I\'ll send it by courier": a phone sent unseen instead of a meeting.',
    match: [
      re(
        String.raw`\b(?:i'?ll|i\s+will|will|can)\s+(?:ship|send|post|courier)\s+(?:it\s+)?(?:to\s+you\s+)?(?:by|via|through|with)\s+(?:courier|post|mail|dhl|fedex|ups|usps|pathao|redx|sundarban|parcel)\b`,
      ),
    ],
  },
  {
    rule: 'shipping_only',
    lang: 'bn',
    why: '"শুধু কুরিয়ার", "কুরিয়ারে পাঠাব": courier only.',
    match: [
      re(
        String.raw`শুধু(?:মাত্র)?\s*(?:কুরিয়ার|ডেলিভারি|পার্সেল|হোম\s*ডেলিভারি)|(?:কুরিয়ারে|কুরিয়ার\s*করে|পার্সেলে|ডেলিভারিতে|সুন্দরবনে)\s*(?:\S+\s*){0,2}?(?:পাঠাব|পাঠাবো|পাঠিয়ে\s*দেব|পাঠিয়ে\s*দিব|দেব|দিব|দিবো|দেবো)`,
      ),
    ],
  },
  {
    rule: 'shipping_only',
    lang: 'bn',
    why: '"দেখা করা সম্ভব না" (meeting is not possible), "বিদেশে আছি" (I am abroad); not "আজ দেখা করা সম্ভব না" (not today).',
    match: [
      re(
        String.raw`দেখা\s*(?:করা|করতে)\s*(?:\S+\s*)?(?:সম্ভব\s*না|পারব\s*না|পারবো\s*না|যাবে\s*না|হবে\s*না)|(?:বিদেশে|দেশের\s*বাইরে)\s*(?:আছি|থাকি)`,
      ),
    ],
    unless: re('আজ|কাল|এখন|সকালে|বিকালে|রাতে'),
  },
];

/**
 * Three or more letters written one by one with the same separator ("w h a t s a p p",
 * "O.T.P", "d-e-p-o-s-i-t"), as one word; "p.a.y a d.e.p.o.s.i.t" stays two words and an "a".
 */
const SPACED_LETTERS =
  /(?<![\p{L}\p{M}\p{N}])\p{L}\p{M}*([ .\-_*·]{1,2})\p{L}\p{M}*(?:\1\p{L}\p{M}*)+(?![\p{L}\p{M}\p{N}])/gu;

function joinSpacedLetters(text: string): string {
  return text.replace(SPACED_LETTERS, (run: string, separator: string) =>
    run.split(separator).join(''),
  );
}

/** The patterns a text matches, in table order. */
export function matchingScamPatterns(text: string): ScamPattern[] {
  // The contact mask's normal form: NFKC, every script's digits as ASCII, no zero-width
  // characters, one kind of dash; and one kind of apostrophe ("don’t").
  const normal = normalise(text).text.toLowerCase().replace(/[‘’ʼ]/g, "'");
  const joined = joinSpacedLetters(normal);
  const forms = joined === normal ? [normal] : [normal, joined];
  let contact: boolean | undefined;
  return SCAM_PATTERNS.filter((pattern) => {
    const matches = forms.some(
      (form) => pattern.match.every((r) => r.test(form)) && !pattern.unless?.test(form),
    );
    if (!matches || !pattern.withContact) return matches;
    contact ??= maskContacts(text, '').masked;
    return contact;
  });
}

/** The scam rules a message matches, in the order of `SCAM_RULES`; empty for most messages. */
export function scamRulesOf(text: string): ScamRule[] {
  const found = new Set(matchingScamPatterns(text).map((p) => p.rule));
  return SCAM_RULES.filter((rule) => found.has(rule));
}
