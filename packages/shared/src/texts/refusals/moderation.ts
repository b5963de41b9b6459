// Refusals of trust and safety: reports and their resolution by a moderator, the admin's
// account tools, stolen-phone reports, photos proving possession, and image uploads.

export const en = {
  report: {
    noSuch: 'No such report',
    dealtWith: 'This report has already been dealt with',
    ownListing: 'You cannot report your own listing',
    yourself: 'You cannot report yourself',
    ownMessage: 'You cannot report your own message',
    already: 'You have already reported this; it is waiting for a moderator',
  },
  review: {
    onShow: 'This listing is on show: there is nothing to review',
    already: 'You have already asked for a review; a moderator will look at it soon',
  },
  /** A moderation action, as its button in the queue names it (MODERATION_ACTION_RECORDS). */
  action: {
    hide_listing: 'Hide listing',
    release_listing: 'Release listing',
    suspend_user: 'Suspend account',
    unverify_seller: 'Remove verification',
    dismiss: 'Dismiss',
  },
  /** An action chosen for a report about a kind of target it does not apply to. */
  notFor: {
    listing: '{{action}} does not apply to a report about a listing',
    user: '{{action}} does not apply to a report about a user',
    message: '{{action}} does not apply to a report about a message',
    conversation: '{{action}} does not apply to a report about a conversation',
  },
  /** The actions that do apply, as the API names them (the field `action`). */
  chooseOneOf: 'Choose one of: {{actions}}',
  actionName: {
    hide_listing: 'hide_listing',
    release_listing: 'release_listing',
    suspend_user: 'suspend_user',
    unverify_seller: 'unverify_seller',
    dismiss: 'dismiss',
  },
  conversationAction: 'Choose an action that applies to a conversation',
  gone: {
    listing: 'The listing no longer exists: dismiss the report instead',
    message: 'The message no longer exists: dismiss the report instead',
    account: 'The account no longer exists: dismiss the report instead',
  },
  listing: {
    notHeldOrHidden: 'This listing is not held or hidden',
    alreadyHidden: 'This listing is already hidden',
  },
  account: {
    adminNotSuspended: 'An admin account cannot be suspended',
    alreadySuspended: 'This account is already suspended',
    notSuspended: 'This account is not suspended',
    onlySellerVerified: 'Only a seller account has a verification to remove',
    notVerified: 'This seller is not verified',
  },
  admin: {
    noSeller: 'No seller has this email',
    noMember: 'No seller or buyer has this email',
    adminNotDeleted: 'An admin account cannot be deleted',
  },
  stolen: {
    tooMany: 'You can report at most {{max}} stolen phones a day. Try again in {{wait}}.',
    tooManyThisHour:
      'You can report at most {{max}} stolen phones a day. Try again in less than an hour.',
    noSuch: 'No such stolen-phone report',
    closed: 'This report is already closed',
  },
  possession: {
    sold: 'This listing is sold: it needs no photo now',
    noPhoto: 'No photo for this listing',
    noneWaiting: 'No photo of this listing waits for a review',
  },
  images: {
    type: 'Upload a JPEG, PNG, WebP, GIF or AVIF image',
    unreadable: 'The image could not be read',
    tooManyPixels: 'The image is too large: at most {{max}} megapixels (this one is {{size}})',
    tooLarge: 'The image is too large: at most {{max}} MB',
    choose: 'Choose an image to upload',
    oneImage: 'Send one image, in the field "image", and nothing else',
    sendAsMultipart: 'Send the image as multipart/form-data in the field "image"',
    uploadUnreadable:
      'The upload could not be read. Send the image as multipart/form-data in the field "image".',
    noSuch: 'No such image',
  },
};

/** A moderation action as a deed ("hiding the listing"), for the sentences that name one. */
const bnAction: typeof en.action = {
  hide_listing: 'বিজ্ঞাপন লুকানো',
  release_listing: 'বিজ্ঞাপন ছেড়ে দেওয়া',
  suspend_user: 'অ্যাকাউন্ট স্থগিত করা',
  unverify_seller: 'যাচাই বাতিল করা',
  dismiss: 'খারিজ করা',
};

export const bn: typeof en = {
  report: {
    noSuch: 'এমন কোনো রিপোর্ট নেই',
    dealtWith: 'এই রিপোর্টের ব্যবস্থা আগেই নেওয়া হয়েছে',
    ownListing: 'নিজের বিজ্ঞাপন রিপোর্ট করা যায় না',
    yourself: 'নিজেকে রিপোর্ট করা যায় না',
    ownMessage: 'নিজের বার্তা রিপোর্ট করা যায় না',
    already: 'আপনি এটি আগেই রিপোর্ট করেছেন; এটি একজন মডারেটরের অপেক্ষায় আছে',
  },
  review: {
    onShow: 'এই বিজ্ঞাপনটি এখন দেখানো হচ্ছে: যাচাই করার কিছু নেই',
    already: 'আপনি আগেই যাচাইয়ের অনুরোধ করেছেন; একজন মডারেটর শিগগিরই এটি দেখবেন',
  },
  action: bnAction,
  notFor: {
    listing: 'বিজ্ঞাপন নিয়ে করা রিপোর্টে {{action}} প্রযোজ্য নয়',
    user: 'কোনো ব্যবহারকারীকে নিয়ে করা রিপোর্টে {{action}} প্রযোজ্য নয়',
    message: 'বার্তা নিয়ে করা রিপোর্টে {{action}} প্রযোজ্য নয়',
    conversation: 'কথোপকথন নিয়ে করা রিপোর্টে {{action}} প্রযোজ্য নয়',
  },
  chooseOneOf: 'এগুলোর একটি বেছে নিন: {{actions}}',
  actionName: bnAction,
  conversationAction: 'কথোপকথনের ক্ষেত্রে প্রযোজ্য একটি পদক্ষেপ বেছে নিন',
  gone: {
    listing: 'বিজ্ঞাপনটি আর নেই: এর বদলে রিপোর্টটি খারিজ করুন',
    message: 'বার্তাটি আর নেই: এর বদলে রিপোর্টটি খারিজ করুন',
    account: 'অ্যাকাউন্টটি আর নেই: এর বদলে রিপোর্টটি খারিজ করুন',
  },
  listing: {
    notHeldOrHidden: 'এই বিজ্ঞাপনটি আটকে রাখা বা লুকানো নেই',
    alreadyHidden: 'এই বিজ্ঞাপনটি আগেই লুকানো হয়েছে',
  },
  account: {
    adminNotSuspended: 'অ্যাডমিন অ্যাকাউন্ট স্থগিত করা যায় না',
    alreadySuspended: 'এই অ্যাকাউন্টটি আগেই স্থগিত করা হয়েছে',
    notSuspended: 'এই অ্যাকাউন্টটি স্থগিত নেই',
    onlySellerVerified: 'শুধু বিক্রেতার অ্যাকাউন্টেরই যাচাই বাতিল করা যায়',
    notVerified: 'এই বিক্রেতা যাচাই করা নন',
  },
  admin: {
    noSeller: 'এই ইমেইলে কোনো বিক্রেতা নেই',
    noMember: 'এই ইমেইলে কোনো বিক্রেতা বা ক্রেতা নেই',
    adminNotDeleted: 'অ্যাডমিন অ্যাকাউন্ট মুছে ফেলা যায় না',
  },
  stolen: {
    tooMany:
      'দিনে সর্বোচ্চ {{max, number}}টি চুরি হওয়া ফোনের রিপোর্ট করা যায়। {{wait}} পরে আবার চেষ্টা করুন।',
    tooManyThisHour:
      'দিনে সর্বোচ্চ {{max, number}}টি চুরি হওয়া ফোনের রিপোর্ট করা যায়। এক ঘণ্টার মধ্যেই আবার চেষ্টা করতে পারবেন।',
    noSuch: 'চুরি হওয়া ফোনের এমন কোনো রিপোর্ট নেই',
    closed: 'এই রিপোর্টটি আগেই বন্ধ হয়ে গেছে',
  },
  possession: {
    sold: 'এই বিজ্ঞাপনের ফোনটি বিক্রি হয়ে গেছে: এখন আর ছবি লাগবে না',
    noPhoto: 'এই বিজ্ঞাপনের কোনো ছবি নেই',
    noneWaiting: 'এই বিজ্ঞাপনের কোনো ছবি যাচাইয়ের অপেক্ষায় নেই',
  },
  images: {
    type: 'JPEG, PNG, WebP, GIF বা AVIF ছবি আপলোড করুন',
    unreadable: 'ছবিটি পড়া গেল না',
    tooManyPixels: 'ছবিটি খুব বড়: সর্বোচ্চ {{max, number}} মেগাপিক্সেল চলে (এটি {{size}})',
    tooLarge: 'ছবিটি খুব বড়: সর্বোচ্চ {{max, number}} মেগাবাইট চলে',
    choose: 'আপলোড করার জন্য একটি ছবি বেছে নিন',
    oneImage: 'শুধু একটি ছবি পাঠান, "image" ফিল্ডে, আর কিছু নয়',
    sendAsMultipart: 'ছবিটি multipart/form-data হিসেবে "image" ফিল্ডে পাঠান',
    uploadUnreadable: 'আপলোডটি পড়া গেল না। ছবিটি multipart/form-data হিসেবে "image" ফিল্ডে পাঠান।',
    noSuch: 'এমন কোনো ছবি নেই',
  },
};
