// Refusals about a person's own account and what hangs on it: the account type and switching
// between buying and selling, reviews and seller profiles, the copy of their data, notification
// emails' unsubscribe links, push notifications and the live event stream.

export const en = {
  roles: {
    chosenAtRegistration: 'The account type is chosen at registration and cannot be changed',
    adminNotSeller: 'An admin account cannot become a seller',
    adminNotBuyer: 'An admin account cannot become a buyer',
    alreadySeller: 'This account is already a seller account',
    alreadyBuyer: 'This account is already a buyer account',
    /** {{orders}}: `openRequests`, `acceptedDeals` or `requestsAndDeals`. */
    openOrders:
      'You have {{orders}} in My Orders. Finish or cancel them before you become a seller: a seller account cannot see its orders or hand-over codes.',
    openRequests_one: '{{count}} open request',
    openRequests_other: '{{count}} open requests',
    acceptedDeals_one: '{{count}} accepted deal',
    acceptedDeals_other: '{{count}} accepted deals',
    requestsAndDeals: '{{requests}} and {{deals}}',
    unsoldListings_one:
      'You have {{count}} listing not yet sold. Delete or sell it in My Products before you go back to buying.',
    unsoldListings_other:
      'You have {{count}} listings not yet sold. Delete or sell them in My Products before you go back to buying.',
  },
  reviews: {
    alreadyReviewed: 'You already reviewed this deal: change your review in My Orders instead',
    notCompleted:
      'You can review the seller once the deal is completed: the seller enters your hand-over code at the meeting',
    sellerGone: "This seller's account no longer exists",
    writeWindow:
      'Reviews can be written within {{days}} days of the hand-over; this deal was completed on {{completed}}',
    editWindow: 'Reviews can be changed within {{hours}} hours of writing them',
    alreadyReplied: 'You already replied to this review',
    noSuchSeller: 'No such seller',
  },
  dataExport: {
    preparing: 'Your data is still being prepared.',
    alreadyPreparing:
      'A copy of your data is already being prepared. It will be ready in a few minutes.',
    gone: 'This copy of your data is no longer available. Ask for a new one.',
    noSuch: 'No such export',
  },
  notifications: {
    unsubscribeLink: 'This unsubscribe link is not valid',
  },
  push: {
    unknownService: "endpoint must be the address of a browser's push service",
    notSubscribed: 'This device does not get your push notifications',
  },
  events: {
    position: 'Last-Event-ID must be the id of an event this stream sent',
  },
};

export const bn: typeof en = {
  roles: {
    chosenAtRegistration: 'অ্যাকাউন্টের ধরন নিবন্ধনের সময় বেছে নেওয়া হয়, পরে আর বদলানো যায় না',
    adminNotSeller: 'অ্যাডমিন অ্যাকাউন্ট বিক্রেতা হতে পারে না',
    adminNotBuyer: 'অ্যাডমিন অ্যাকাউন্ট ক্রেতা হতে পারে না',
    alreadySeller: 'এই অ্যাকাউন্টটি আগে থেকেই বিক্রেতার অ্যাকাউন্ট',
    alreadyBuyer: 'এই অ্যাকাউন্টটি আগে থেকেই ক্রেতার অ্যাকাউন্ট',
    openOrders:
      'আমার অর্ডারে আপনার {{orders}} আছে। বিক্রেতা হওয়ার আগে সেগুলো শেষ বা বাতিল করুন: বিক্রেতার অ্যাকাউন্ট তার অর্ডার বা হস্তান্তর কোড দেখতে পারে না।',
    openRequests_one: '{{count, number}}টি খোলা অনুরোধ',
    openRequests_other: '{{count, number}}টি খোলা অনুরোধ',
    acceptedDeals_one: '{{count, number}}টি গৃহীত লেনদেন',
    acceptedDeals_other: '{{count, number}}টি গৃহীত লেনদেন',
    requestsAndDeals: '{{requests}} ও {{deals}}',
    unsoldListings_one:
      'আপনার {{count, number}}টি বিজ্ঞাপন এখনো বিক্রি হয়নি। আবার কেনাকাটায় ফেরার আগে আমার পণ্য থেকে সেটি মুছে ফেলুন বা বিক্রি করুন।',
    unsoldListings_other:
      'আপনার {{count, number}}টি বিজ্ঞাপন এখনো বিক্রি হয়নি। আবার কেনাকাটায় ফেরার আগে আমার পণ্য থেকে সেগুলো মুছে ফেলুন বা বিক্রি করুন।',
  },
  reviews: {
    alreadyReviewed: 'এই লেনদেনের রিভিউ আপনি আগেই দিয়েছেন: বদলাতে চাইলে আমার অর্ডার থেকে বদলান',
    notCompleted:
      'লেনদেনটি সম্পন্ন হলে বিক্রেতাকে রিভিউ দিতে পারবেন: সাক্ষাতের সময় বিক্রেতা আপনার হস্তান্তর কোডটি দিলে তা সম্পন্ন হয়',
    sellerGone: 'এই বিক্রেতার অ্যাকাউন্ট আর নেই',
    writeWindow:
      'হস্তান্তরের {{days, number}} দিনের মধ্যে রিভিউ লেখা যায়; এই লেনদেনটি সম্পন্ন হয়েছে {{completed}} তারিখে',
    editWindow: 'রিভিউ লেখার {{hours, number}} ঘণ্টার মধ্যে তা বদলানো যায়',
    alreadyReplied: 'এই রিভিউর উত্তর আপনি আগেই দিয়েছেন',
    noSuchSeller: 'এমন কোনো বিক্রেতা নেই',
  },
  dataExport: {
    preparing: 'আপনার তথ্যের কপি এখনো তৈরি হচ্ছে।',
    alreadyPreparing: 'আপনার তথ্যের একটি কপি এখন তৈরি হচ্ছে। কয়েক মিনিটের মধ্যে তৈরি হয়ে যাবে।',
    gone: 'আপনার তথ্যের এই কপিটি আর পাওয়া যাচ্ছে না। নতুন একটি কপি চান।',
    noSuch: 'এমন কোনো কপি নেই',
  },
  notifications: {
    unsubscribeLink: 'এই আনসাবস্ক্রাইব লিংকটি সঠিক নয়',
  },
  push: {
    unknownService: 'ঠিকানাটি কোনো ব্রাউজারের পুশ পরিষেবার হতে হবে',
    notSubscribed: 'এই ডিভাইসে আপনার পুশ নোটিফিকেশন আসে না',
  },
  events: {
    position: 'শেষ ইভেন্টের আইডিটি এই স্ট্রিমের পাঠানো কোনো ইভেন্টের আইডি হতে হবে',
  },
};
