// Refusals of booking requests and deals (accepting, cancelling, completing with the hand-over
// code), "I'm here" and no-shows, the check at hand-over, meeting plans and spots, places, and a
// seller's changes to a listing (its prices, its IMEI).
import { INSPECTION_CHECK_LABELS } from '../../schemas/inspection.ts';
import { RESELL_ABOVE_ORIGINAL } from '../../schemas/listings.ts';
import { PLACE_ID_MESSAGE } from '../../schemas/places.ts';

export const en = {
  /** A change the request's state does not allow: {{state}} is one of `state`. */
  cannot: {
    accepted: 'This request cannot be accepted: {{state}}',
    declined: 'This request cannot be declined: {{state}}',
    cancelled: 'This request cannot be cancelled: {{state}}',
    completed: 'This request cannot be completed: {{state}}',
  },
  state: {
    requested: 'it is still waiting for an answer',
    accepted: 'it was already accepted',
    declined: 'it was declined',
    cancelled: 'it was cancelled',
    expired: 'it expired: it was not answered within {{hours}} hours',
    completed: 'the deal is already completed',
  },
  rebookPause:
    'You cancelled your request for this phone recently: you can request it again in {{wait}}.',
  alreadyReserved: 'This phone is already reserved for another buyer: cancel that meeting first',
  cancelReason: 'Choose one of the reasons offered',
  checkNotFinished:
    'The buyer has not finished checking the phone: their code is shown to them once they have',
  wrongCode_one: 'Wrong hand-over code: {{count}} try left',
  wrongCode_other: 'Wrong hand-over code: {{count}} tries left',
  codeRenewed:
    'Wrong hand-over code {{tries}} times: the buyer now has a new code in My Orders. Ask them for it.',
  codeLocked:
    'Too many wrong hand-over codes: completing this deal is locked until {{until}} (in {{wait}}). The buyer has been told, and has a new code in My Orders.',
  alreadySold: 'This listing is already sold',
  listingChanged: 'This listing changed meanwhile: reload and try again',
  noMeetingToAdd: 'There is no meeting to add: the request is not accepted',
  checkIn: {
    noMeeting: 'There is no meeting to check in to: the request is not accepted',
    already: 'You already said you are here, at {{at}}',
    window:
      '"I\'m here" is open only from {{from}} to {{to}}: {{before}} minutes before to {{after}} minutes after the meeting time',
    noMissedMeeting: 'There is no missed meeting of yours recorded for this request',
  },
  inspection: {
    failed: 'The phone did not pass the check: {{failures}}',
    missing: 'Answer every step first: {{steps}}',
    failure: {
      imeiMismatch: "The IMEI the phone shows does not match the listing's",
      notSignedOut: 'The seller did not sign out of Find My / Google',
    },
    step: {
      imei: 'IMEI',
      signOut: 'Find My / Google sign-out',
      battery: 'Battery health',
      ...INSPECTION_CHECK_LABELS,
    },
    notAccepted: 'There is nothing to check: this request is not accepted',
    complete: 'The check is complete: the code is shown in My Orders',
    noImei: 'This listing has no IMEI to check: the step is skipped',
    noTriesLeft:
      'The IMEI did not match {{tries}} times: no tries are left. The code stays hidden; you may cancel the deal.',
    noCode: 'There is no code to show: this request is not accepted',
    checkFirst: 'Check the phone first: the code is shown once the check at hand-over is complete',
  },
  plan: {
    notAccepted: 'A meeting plan can be shared once the request is accepted',
    tooLate: 'This meeting was more than {{hours}} hours ago',
    noSuch: 'No such meeting plan',
    revoked: 'This meeting plan is no longer shared',
    expired: 'This meeting plan has expired',
    calledOff: 'This meeting was called off, so its plan is no longer shared',
  },
  spot: {
    noSuch: 'No such meeting spot',
    notOffered: 'Choose one of the meeting spots offered',
  },
  place: {
    noSuch: 'There is no such place',
    choose: PLACE_ID_MESSAGE,
  },
  listing: {
    soldUnchangeable: 'This listing is sold: it can no longer be changed',
    resellAboveOriginal: RESELL_ABOVE_ORIGINAL,
  },
  imei: {
    perListing: 'The IMEI of a listing can be changed {{max}} times a day. Try again in {{wait}}.',
    perSeller:
      'You can change IMEIs {{max}} times a day across your listings. Try again in {{wait}}.',
    posts:
      'You can post {{max}} listings with an IMEI a day. Try again in {{wait}}, or post this one without its IMEI now.',
  },
};

export const bn: typeof en = {
  cannot: {
    accepted: 'অনুরোধটি গ্রহণ করা যাবে না: {{state}}',
    declined: 'অনুরোধটি ফিরিয়ে দেওয়া যাবে না: {{state}}',
    cancelled: 'অনুরোধটি বাতিল করা যাবে না: {{state}}',
    completed: 'অনুরোধটি সম্পন্ন করা যাবে না: {{state}}',
  },
  state: {
    requested: 'এটি এখনো উত্তরের অপেক্ষায় আছে',
    accepted: 'এটি আগেই গ্রহণ করা হয়েছে',
    declined: 'এটি ফিরিয়ে দেওয়া হয়েছে',
    cancelled: 'এটি বাতিল করা হয়েছে',
    expired: 'এর মেয়াদ শেষ হয়ে গেছে: {{hours, number}} ঘণ্টার মধ্যে এর উত্তর আসেনি',
    completed: 'লেনদেনটি আগেই সম্পন্ন হয়েছে',
  },
  rebookPause: 'আপনি সম্প্রতি এই ফোনের অনুরোধ বাতিল করেছেন: {{wait}} পরে আবার অনুরোধ করতে পারবেন।',
  alreadyReserved: 'এই ফোনটি আগেই অন্য এক ক্রেতার জন্য সংরক্ষিত: আগে সেই সাক্ষাৎটি বাতিল করুন',
  cancelReason: 'দেওয়া কারণগুলোর একটি বেছে নিন',
  checkNotFinished: 'ক্রেতা এখনো ফোনটি যাচাই করা শেষ করেননি: শেষ করলে তিনি তাঁর কোডটি দেখতে পাবেন',
  wrongCode_one: 'হস্তান্তর কোড ভুল: আর {{count, number}} বার চেষ্টা করা যাবে',
  wrongCode_other: 'হস্তান্তর কোড ভুল: আর {{count, number}} বার চেষ্টা করা যাবে',
  codeRenewed:
    'হস্তান্তর কোড {{tries, number}} বার ভুল হয়েছে: ক্রেতা এখন “আমার অর্ডার”-এ একটি নতুন কোড পেয়েছেন। নতুন কোডটি তাঁর কাছে চেয়ে নিন।',
  codeLocked:
    'অনেকবার ভুল হস্তান্তর কোড দেওয়া হয়েছে: {{until}} পর্যন্ত (আরও {{wait}}) এই লেনদেন সম্পন্ন করা বন্ধ থাকবে। ক্রেতাকে জানানো হয়েছে, আর “আমার অর্ডার”-এ তিনি একটি নতুন কোড পেয়েছেন।',
  alreadySold: 'এই বিজ্ঞাপনের ফোনটি আগেই বিক্রি হয়ে গেছে',
  listingChanged: 'এর মধ্যে বিজ্ঞাপনটি বদলে গেছে: পাতাটি আবার লোড করে চেষ্টা করুন',
  noMeetingToAdd: 'যোগ করার মতো কোনো সাক্ষাৎ নেই: অনুরোধটি গৃহীত হয়নি',
  checkIn: {
    noMeeting: '“আমি এসে গেছি” জানানোর মতো কোনো সাক্ষাৎ নেই: অনুরোধটি গৃহীত হয়নি',
    already: 'আপনি {{at}} সময়ে আগেই জানিয়েছেন যে আপনি এসে গেছেন',
    window:
      '“আমি এসে গেছি” শুধু {{from}} থেকে {{to}} পর্যন্ত চাপা যায়: সাক্ষাতের সময়ের {{before, number}} মিনিট আগে থেকে {{after, number}} মিনিট পর পর্যন্ত',
    noMissedMeeting: 'এই অনুরোধে আপনার কোনো না-হওয়া সাক্ষাৎ লেখা নেই',
  },
  inspection: {
    failed: 'ফোনটি যাচাইয়ে টেকেনি: {{failures}}',
    missing: 'আগে প্রতিটি ধাপের উত্তর দিন: {{steps}}',
    failure: {
      imeiMismatch: 'ফোনে দেখানো IMEI বিজ্ঞাপনের IMEI-এর সাথে মেলে না',
      notSignedOut: 'বিক্রেতা Find My / Google থেকে সাইন আউট করেননি',
    },
    step: {
      imei: 'IMEI',
      signOut: 'Find My / Google থেকে সাইন আউট',
      battery: 'ব্যাটারির অবস্থা',
      screen: 'স্ক্রিন',
      cameras: 'ক্যামেরা',
      speakerMic: 'স্পিকার ও মাইক্রোফোন',
      charging: 'চার্জিং',
      buttons: 'বাটন',
      sim: 'SIM',
    },
    notAccepted: 'যাচাই করার কিছু নেই: এই অনুরোধটি গৃহীত হয়নি',
    complete: 'যাচাই শেষ হয়েছে: কোডটি “আমার অর্ডার”-এ দেখা যাচ্ছে',
    noImei: 'এই বিজ্ঞাপনে যাচাই করার মতো IMEI নেই: ধাপটি বাদ দেওয়া হয়েছে',
    noTriesLeft:
      'IMEI {{tries, number}} বার মেলেনি: আর কোনো চেষ্টা বাকি নেই। কোডটি লুকানো থাকবে; চাইলে লেনদেনটি বাতিল করতে পারেন।',
    noCode: 'দেখানোর মতো কোনো কোড নেই: এই অনুরোধটি গৃহীত হয়নি',
    checkFirst: 'আগে ফোনটি যাচাই করুন: হাতবদলের সময়ের যাচাই শেষ হলে কোডটি দেখা যাবে',
  },
  plan: {
    notAccepted: 'অনুরোধটি গৃহীত হলে তবেই দেখা করার পরিকল্পনা শেয়ার করা যায়',
    tooLate: 'এই সাক্ষাৎ {{hours, number}} ঘণ্টারও বেশি আগে ছিল',
    noSuch: 'এমন কোনো দেখা করার পরিকল্পনা নেই',
    revoked: 'এই দেখা করার পরিকল্পনাটি আর শেয়ার করা নেই',
    expired: 'এই দেখা করার পরিকল্পনার মেয়াদ শেষ হয়ে গেছে',
    calledOff: 'এই সাক্ষাৎ বাতিল হয়েছে, তাই এর পরিকল্পনা আর শেয়ার করা নেই',
  },
  spot: {
    noSuch: 'এমন কোনো দেখা করার জায়গা নেই',
    notOffered: 'দেওয়া দেখা করার জায়গাগুলোর একটি বেছে নিন',
  },
  place: {
    noSuch: 'এমন কোনো জায়গা নেই',
    choose: 'পরামর্শের তালিকা থেকে একটি এলাকা বেছে নিন',
  },
  listing: {
    soldUnchangeable: 'এই বিজ্ঞাপনের ফোনটি বিক্রি হয়ে গেছে: এটি আর বদলানো যাবে না',
    resellAboveOriginal: 'বিক্রয় মূল্য আসল দামের চেয়ে বেশি হতে পারে না',
  },
  imei: {
    perListing:
      'একটি বিজ্ঞাপনের IMEI দিনে {{max, number}} বার বদলানো যায়। {{wait}} পরে আবার চেষ্টা করুন।',
    perSeller:
      'আপনার সব বিজ্ঞাপন মিলিয়ে দিনে {{max, number}} বার IMEI বদলানো যায়। {{wait}} পরে আবার চেষ্টা করুন।',
    posts:
      'দিনে IMEI-সহ {{max, number}}টি বিজ্ঞাপন দেওয়া যায়। {{wait}} পরে আবার চেষ্টা করুন, অথবা এখনই এটি IMEI ছাড়া দিন।',
  },
};
