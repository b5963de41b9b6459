// Every reason the API gives for refusing a request, in English and Bangla, by area. The server
// words an error answer in the language the request asks for (Accept-Language; English when it
// asks for none of ours), and the web app sends its page's language with every call. Each area's
// file has `en` and `bn` with the same keys; the server catalogs hold them under
// `refusals.<area>`, so a refusal thrown with a key that is not here, or a key without its
// Bangla, does not compile. Placeholders are i18next's: {{name}} for a value, {{count}} for a
// number that picks the plural form.
import * as accounts from './accounts.ts';
import * as bookings from './bookings.ts';
import * as common from './common.ts';
import * as moderation from './moderation.ts';
import * as offers from './offers.ts';

export const refusalsEn = {
  common: common.en,
  bookings: bookings.en,
  offers: offers.en,
  moderation: moderation.en,
  accounts: accounts.en,
};

export const refusalsBn: typeof refusalsEn = {
  common: common.bn,
  bookings: bookings.bn,
  offers: offers.bn,
  moderation: moderation.bn,
  accounts: accounts.bn,
};
