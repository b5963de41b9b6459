// Refusals of offers and counter-offers, conversations, the catalog and search: an offer that
// cannot be answered now, a price above the listed one, a conversation blocked or reported, a
// new account past its first day's limits, a saved search too many, a category that does not
// exist. Prices come as values each language writes ({{price}}), waits as the common waits.

export const en = {
  offer: {
    /** {{state}} is one of `state`. */
    cannotBe: {
      accepted: 'This offer cannot be accepted: {{state}}',
      declined: 'This offer cannot be declined: {{state}}',
      countered: 'This offer cannot be countered: {{state}}',
    },
    state: {
      open: 'it waits for the other side',
      accepted: 'it was already accepted',
      declined: 'it was declined',
      expired: 'it expired: it was not answered within {{hours}} hours',
    },
    roundsMax:
      'You have made {{max}} offers for this phone, the most one listing takes: book it at its price or ask the seller',
    newAccount:
      'A new account can make {{max}} offers in its first {{hours}} hours: you can make more in {{wait}}.',
    aboveListed: 'Offer less than the listed price of {{price}}, or book it at that price',
    blocked: 'Your conversation with this seller is blocked: no offers can be made',
    changedMeanwhile: 'This offer changed meanwhile: reload and try again',
    waitsForSeller: 'This offer waits for the seller: you can answer once they counter',
    waitsForBuyer: 'This offer waits for the buyer to answer your counter-offer',
    onlySellerCounters: 'Only the seller counters an offer: accept or decline it',
    counterNotAbove:
      "A counter-offer must be more than the buyer's offer of {{price}}: accept it instead",
    counterAboveListed: 'A counter-offer cannot be more than the listed price of {{price}}',
    floorAboveListed: 'The floor cannot be more than the listed price of {{price}}',
    acceptFromAboveListed:
      'The automatic accept price cannot be more than the listed price of {{price}}',
    savedAboveListed: 'An offer to those who saved it must be below the listed price of {{price}}',
    noSavers: 'Nobody has saved this phone in their wish list yet',
    savedOnceEvery:
      'You can offer this phone to everyone who saved it once every {{hours}} hours: again in {{wait}}.',
  },
  conversation: {
    ownListing: 'This is your own listing',
    notOpen: 'This listing is not open for questions',
    blocked: 'This conversation is blocked: no more messages can be sent in it',
    newAccount:
      'A new account can start {{max}} conversations in its first {{hours}} hours. Try again in {{wait}}.',
    onlyBlockerUnblocks: 'Only the person who blocked this conversation can unblock it',
    noSuchMessage: 'No such message in this conversation',
    reportedMessage: 'You have already reported this message; it is waiting for a moderator',
    reportedConversation:
      'You have already reported this conversation; it is waiting for a moderator',
  },
  search: {
    savedMax: 'You can keep at most {{max}} saved searches: delete one to save another',
    starting: 'Search is starting: try again in a few seconds',
  },
  catalog: {
    noCategory: "There is no category named '{{name}}'",
    pageLinkStale: 'This page link is no longer valid; start again from the first page',
    invalidCursor: 'Invalid cursor',
  },
};

export const bn: typeof en = {
  offer: {
    cannotBe: {
      accepted: 'এই অফারটি গ্রহণ করা যায় না: {{state}}',
      declined: 'এই অফারটি ফিরিয়ে দেওয়া যায় না: {{state}}',
      countered: 'এই অফারে পাল্টা অফার দেওয়া যায় না: {{state}}',
    },
    state: {
      open: 'এটি অন্য পক্ষের উত্তরের অপেক্ষায় আছে',
      accepted: 'এটি আগেই গ্রহণ করা হয়েছে',
      declined: 'এটি ফিরিয়ে দেওয়া হয়েছে',
      expired: 'এর মেয়াদ শেষ হয়ে গেছে: {{hours, number}} ঘণ্টার মধ্যে এর উত্তর দেওয়া হয়নি',
    },
    roundsMax:
      'এই ফোনের জন্য আপনি {{max, number}}টি অফার দিয়েছেন, একটি বিজ্ঞাপনে এর বেশি দেওয়া যায় না: ফোনটি তার দামে বুক করুন বা বিক্রেতাকে জিজ্ঞেস করুন',
    newAccount:
      'নতুন অ্যাকাউন্ট থেকে প্রথম {{hours, number}} ঘণ্টায় {{max, number}}টি অফার দেওয়া যায়: {{wait}} পরে আরও দিতে পারবেন।',
    aboveListed: 'বিজ্ঞাপনের দাম {{price}}-এর চেয়ে কম অফার দিন, অথবা ওই দামেই বুক করুন',
    blocked: 'এই বিক্রেতার সঙ্গে আপনার কথোপকথনটি ব্লক করা হয়েছে: কোনো অফার দেওয়া যাবে না',
    changedMeanwhile: 'এর মধ্যে অফারটি বদলে গেছে: পাতাটি আবার লোড করে চেষ্টা করুন',
    waitsForSeller:
      'এই অফারটি বিক্রেতার উত্তরের অপেক্ষায় আছে: তিনি পাল্টা অফার দিলে আপনি উত্তর দিতে পারবেন',
    waitsForBuyer: 'এই অফারটি আপনার পাল্টা অফারে ক্রেতার উত্তরের অপেক্ষায় আছে',
    onlySellerCounters: 'শুধু বিক্রেতাই পাল্টা অফার দিতে পারেন: অফারটি গ্রহণ করুন বা ফিরিয়ে দিন',
    counterNotAbove: 'পাল্টা অফার ক্রেতার অফার {{price}}-এর চেয়ে বেশি হতে হবে: নইলে অফারটিই গ্রহণ করুন',
    counterAboveListed: 'পাল্টা অফার বিজ্ঞাপনের দাম {{price}}-এর চেয়ে বেশি হতে পারে না',
    floorAboveListed: 'সর্বনিম্ন সীমা বিজ্ঞাপনের দাম {{price}}-এর চেয়ে বেশি হতে পারে না',
    acceptFromAboveListed:
      'স্বয়ংক্রিয়ভাবে গ্রহণের দাম বিজ্ঞাপনের দাম {{price}}-এর চেয়ে বেশি হতে পারে না',
    savedAboveListed: 'যাঁরা ফোনটি সেভ করেছেন তাঁদের অফার বিজ্ঞাপনের দাম {{price}}-এর চেয়ে কম হতে হবে',
    noSavers: 'এখনও কেউ এই ফোনটি উইশলিস্টে রাখেননি',
    savedOnceEvery:
      'যাঁরা ফোনটি সেভ করেছেন তাঁদের সবাইকে {{hours, number}} ঘণ্টায় একবার অফার দেওয়া যায়: আবার পারবেন {{wait}} পরে।',
  },
  conversation: {
    ownListing: 'এটি আপনার নিজের বিজ্ঞাপন',
    notOpen: 'এই বিজ্ঞাপনে এখন প্রশ্ন করা যায় না',
    blocked: 'এই কথোপকথনটি ব্লক করা হয়েছে: এতে আর বার্তা পাঠানো যাবে না',
    newAccount:
      'নতুন অ্যাকাউন্ট থেকে প্রথম {{hours, number}} ঘণ্টায় {{max, number}}টি কথোপকথন শুরু করা যায়। {{wait}} পরে আবার চেষ্টা করুন।',
    onlyBlockerUnblocks: 'যিনি কথোপকথনটি ব্লক করেছেন, শুধু তিনিই এটি আনব্লক করতে পারেন',
    noSuchMessage: 'এই কথোপকথনে এমন কোনো বার্তা নেই',
    reportedMessage: 'এই বার্তাটি আপনি আগেই রিপোর্ট করেছেন; এটি মডারেটরের অপেক্ষায় আছে',
    reportedConversation: 'এই কথোপকথনটি আপনি আগেই রিপোর্ট করেছেন; এটি মডারেটরের অপেক্ষায় আছে',
  },
  search: {
    savedMax: 'সর্বোচ্চ {{max, number}}টি সেভ করা খোঁজ রাখা যায়: নতুন একটি সেভ করতে আগে একটি মুছে ফেলুন',
    starting: 'খোঁজ চালু হচ্ছে: কয়েক সেকেন্ড পরে আবার চেষ্টা করুন',
  },
  catalog: {
    noCategory: "'{{name}}' নামে কোনো ক্যাটাগরি নেই",
    pageLinkStale: 'এই পাতার লিংকটি আর চলবে না; প্রথম পাতা থেকে আবার শুরু করুন',
    invalidCursor: 'পাতার লিংকটি সঠিক নয়',
  },
};
