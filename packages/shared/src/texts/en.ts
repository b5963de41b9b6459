// The server's texts in English: notifications, emails and calendar files. The web app's own
// texts are in apps/web/src/i18n/locales. Interpolation and plurals are i18next's (texts.ts).
import { CANCEL_REASONS, type CancelReason } from '../schemas/bookings.ts';
import { refusalsEn } from './refusals/index.ts';

const en = {
  site: 'Phone Market',
  refusals: refusalsEn,
  pages: {
    myOrders: 'My Orders',
    myBuyers: 'My Buyers',
  },
  reason: 'Reason: {{reason}}',
  // The reasons' English is the bookings schema's own, which the server stores as the reason.
  cancelReasons: { ...CANCEL_REASONS } as Record<CancelReason, string>,

  notifications: {
    booking_requested: {
      label: 'A buyer asks to book one of my phones',
      title: '{{buyerName}} asked to book {{productName}}',
      body: 'Accept with a meeting time and place, or decline, within {{hours}} hours.',
      mailTitle: 'New request to book {{productName}}',
      mailBody:
        'See who asked in My Buyers, and accept with a meeting time and place, or decline, within {{hours}} hours.',
    },
    booking_accepted: {
      label: 'A seller accepts my booking request',
      title: 'Your request for {{productName}} was accepted',
      body: 'Meeting: {{when}}, {{place}}',
      mailBody:
        "Meeting: {{when}}. The place, the seller's phone number and your hand-over code are in My Orders.",
    },
    booking_declined: {
      label: 'A booking request is declined',
      title: 'Your request for {{productName}} was declined',
      mailSold: 'The phone has been sold.',
      mailReason: 'The seller gave a reason: see it in My Orders.',
    },
    booking_cancelled: {
      label: 'A booking is cancelled',
      titleByBuyer: '{{buyerName}} cancelled the booking of {{productName}}',
      titleBySeller: 'The seller cancelled your booking of {{productName}}',
      mailTitleByBuyer: 'The buyer cancelled the booking of {{productName}}',
      mailPresetAndNote: 'Reason: {{label}}. They gave a reason: see it in {{page}}.',
      mailPreset: 'Reason: {{label}}. See it in {{page}}.',
      mailNote: 'They gave a reason: see it in {{page}}.',
      mailPlain: 'See it in {{page}}.',
    },
    booking_expired: {
      label: 'A booking request expires unanswered',
      title: 'Your request for {{productName}} expired',
      body: 'The seller did not answer within {{hours}} hours.',
    },
    handover_code: {
      label: 'My hand-over code is renewed, or completing my deal is locked',
      lockedTitle: 'Completing your deal for {{productName}} is locked until {{until}}',
      lockedBody:
        'The seller entered {{max}} wrong hand-over codes in all, so nobody can complete this deal until then. Your code was renewed: the new one is in My Orders. Give it only at the meeting, once you have the phone in hand.',
      renewedTitle: 'Your hand-over code for {{productName}} was renewed',
      renewedBody:
        'The seller entered wrong hand-over codes, so your code was renewed: the new one is in My Orders. Give it only at the meeting, once you have the phone in hand.',
    },
    meeting_reminder: {
      label: 'A reminder two hours before a meeting',
      title: 'Your meeting for {{productName}} is at {{when}}',
      buyerBody: 'Place: {{place}}. Bring your hand-over code from My Orders.',
      buyerMailBody: 'The place and your hand-over code are in My Orders.',
      sellerBody: 'Place: {{place}}. Ask the buyer for the hand-over code once they are satisfied.',
    },
    meeting_check_in: {
      label: 'The other side of my meeting says they are there',
      buyerTitle: 'The buyer of {{productName}} is at the meeting place',
      sellerTitle: 'The seller of {{productName}} is at the meeting place',
      buyerBody: 'They pressed "I\'m here". See My Buyers.',
      sellerBody: 'They pressed "I\'m here". See My Orders.',
    },
    no_show_recorded: {
      label: 'A no-show is recorded against me',
      title: 'You were recorded as not coming to the meeting for {{productName}}',
      body: 'The other side was there and the deal did not go ahead. If something kept you away, add a reason in {{page}}: moderators see it.',
    },
    new_message: {
      label: 'A new message I have not read for 10 minutes',
      title: '{{senderName}} sent you a message about {{productName}}',
      mailTitle: 'New message about {{productName}}',
      mailBody: 'Read it and answer in your messages.',
    },
    seller_verified: {
      label: 'My seller account is verified',
      title: 'Your seller account is verified',
      body: 'Your listings now show the verified badge, and buyers can find them with the verified sellers filter.',
    },
    saved_price_drop: {
      label: 'A phone I saved gets cheaper',
      title: '{{productName}} is now {{to}}',
      body: 'It was {{from}}. You saved it in your wish list.',
    },
    saved_sold: {
      label: 'A phone I saved is sold',
      title: '{{productName}} has been sold',
      body: 'A phone you saved in your wish list is no longer available.',
    },
    offer_received: {
      label: 'A buyer makes an offer on one of my phones',
      title: 'New offer of {{price}} for {{productName}}',
      body: 'Accept, decline or counter within {{hours}} hours.',
    },
    offer_countered: {
      label: 'A seller counters my offer or offers me a price',
      title: 'The seller of {{productName}} counters with {{price}}',
      savedTitle: 'The seller of {{productName}}, which you saved, offers it to you for {{price}}',
      body: 'Accept or decline within {{hours}} hours.',
    },
    offer_accepted: {
      label: 'An offer is accepted',
      title: 'Offer of {{price}} for {{productName}} accepted',
      sellerBody:
        'It is now a booking request at that price: set the meeting time and place in My Buyers.',
      buyerBody:
        'It is now your booking request at that price: the seller sets the meeting time and place.',
      farBelow:
        'This price is far below what this phone usually sells for: meet in a busy public place and check the phone, its IMEI and that it is not locked before paying.',
      withWarning: '{{text}} {{warning}}',
    },
    offer_declined: {
      label: 'An offer is declined',
      title: 'Offer of {{price}} for {{productName}} declined',
    },
    offer_expired: {
      label: 'An offer expires unanswered',
      title: 'Offer of {{price}} for {{productName}} expired',
      body: 'It was not answered within {{hours}} hours.',
    },
    saved_search_matches: {
      label: 'New phones for my saved searches (one email a day)',
      phones_one: '{{count, number}} new phone',
      phones_other: '{{count, number}} new phones',
      titleOne: '{{phones}} for your saved search "{{name}}"',
      titleMany: '{{phones}} for {{searches}} of your saved searches',
      line: '{{name}}: {{phones}}',
      lineWithExamples: '{{name}}: {{phones}}, such as {{examples}}',
    },
    new_review: {
      label: 'A buyer reviews me as a seller',
      title_one: '{{reviewer}} gave you {{stars}} star for {{productName}}',
      title_other: '{{reviewer}} gave you {{stars}} stars for {{productName}}',
      mailTitle: 'You got a {{stars}}-star review for {{productName}}',
      mailBody: 'Read it, and answer it if you wish, in My Reviews.',
    },
    report_outcome: {
      label: 'A report I filed has been dealt with',
      title: 'Your report about {{target}} was reviewed',
      targets: {
        listing: 'a listing',
        user: 'an account',
        message: 'a message',
        conversation: 'a conversation',
        stolen_report: 'a stolen phone',
        other: 'something',
      },
    },
    stolen_after_purchase: {
      label: 'A phone I bought here is reported stolen',
      title: 'About the {{productName}} you bought here',
      body: 'Someone has reported a phone with the same IMEI as stolen, a few weeks after your deal. This is not a finding against you: our moderators are looking into how the phone was sold and may write to you. Your deal stays in My Orders; please keep the phone and any receipt as they are for now.',
      mailBody:
        'A moderator is looking into a report about this phone. This is not a finding against you: read more in your notifications.',
    },
    listing_moderated: {
      label: 'A moderator hides or shows again one of my listings',
      shownTitle: 'Your listing {{listingName}} is on show again',
      shownBody: 'A moderator reviewed it. Buyers can find and book it again.',
      hiddenTitle: 'Your listing {{listingName}} is hidden',
      hiddenBody: '{{reason}} You can edit it and ask for a review from My Products.',
    },
    data_export_ready: {
      label: 'A copy of my data is ready to download',
      title: 'Your data is ready to download',
      body: 'Download it from My Profile, under Your data, until {{until}}. After that the file is deleted.',
    },
  },
  mail: {
    greeting: 'Hello {{name}},',
    open: 'Open it on {{site}}',
    reason: 'You get this email because "{{label}}" is on in your {{site}} notification settings.',
    stop: 'Stop these emails',
    choose: 'Choose which emails you get',
    digestSubject_one: '{{count, number}} more notification on {{site}}',
    digestSubject_other: '{{count, number}} more notifications on {{site}}',
    digestIntro:
      'You had {{perHour}} emails from us within an hour, so the next ones come together:',
    digestAction: 'See them all on {{site}}',
    digestReason:
      'You get this email because these notifications are on in your {{site}} notification settings.',
    resetSubject: 'Reset your {{site}} password',
    resetBody:
      'Someone asked to reset the password of your {{site}} account.\nOpen this link within one hour to choose a new password.',
    resetAction: 'Choose a new password',
    resetClosing: 'If it was not you, ignore this message: your password stays as it is.',
  },
  calendar: {
    buyerSummary: 'Meet to buy {{productName}}',
    sellerSummary: 'Meet to sell {{productName}}',
    buying: 'Buying {{productName}} for {{price}}.',
    buyingAgreed: 'Buying {{productName}} for {{price}}, the price agreed in an offer.',
    selling: 'Selling {{productName}} for {{price}}.',
    sellingAgreed: 'Selling {{productName}} for {{price}}, the price agreed in an offer.',
    seller: 'Seller: {{name}}.',
    sellerWithPhone: 'Seller: {{name}}, {{phone}}.',
    buyer: 'Buyer: {{name}}.',
    buyerWithPhone: 'Buyer: {{name}}, {{phone}}.',
    theSeller: 'The seller',
    safety:
      'Meet in a busy public place. Check the phone, its IMEI and that it is not locked before paying. Give the hand-over code only when you are satisfied.',
  },
};

export default en;
