import { TZDate } from '@date-fns/tz';
import { getVtimezoneComponent } from '@touch4it/ical-timezones';
import ical, { ICalCalendarMethod, ICalEventStatus } from 'ical-generator';
import type { ServerTexts } from '@market/shared/texts';
import { centsToDollars } from '../../lib/money.ts';
import type { Meeting } from './bookings.service.ts';

/*
 * The meeting of an accepted request as an iCalendar file (RFC 5545): one event in the time zone
 * the seller set it in, with that zone's VTIMEZONE, so a calendar shows the time they agreed on
 * wherever it is opened. ical-generator writes the file: it escapes text (a bare CR included) and
 * folds long lines. A meeting at a safe spot (decision 0034) carries the spot's GEO.
 */

const MEETING_MINUTES = 30;

/**
 * Control characters other than a line break have no place in a calendar's text: older records
 * may hold some from before they were refused on input.
 */
// eslint-disable-next-line no-control-regex -- these are the characters it removes
const CONTROL = /[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]/g;
const clean = (value: string) => value.replace(CONTROL, '');

/** A zone without rules in the bundled data is shown in UTC. */
function zoneOf(timeZone: string): string | null {
  return getVtimezoneComponent(timeZone) ? timeZone : null;
}

/** The meeting as a calendar file, its words in the reader's language (`s`). */
export function meetingCalendar(meeting: Meeting, host: string, now: Date, s: ServerTexts): string {
  const end = new Date(meeting.meetingAt.getTime() + MEETING_MINUTES * 60_000);
  const zone = zoneOf(meeting.timeZone);
  const { productName } = meeting;
  const price = s.format.price(centsToDollars(meeting.priceCents));
  const deal =
    meeting.side === 'buyer'
      ? s.t(meeting.agreed ? 'calendar.buyingAgreed' : 'calendar.buying', { productName, price })
      : s.t(meeting.agreed ? 'calendar.sellingAgreed' : 'calendar.selling', { productName, price });
  const other =
    meeting.side === 'buyer'
      ? s.t(meeting.sellerPhone ? 'calendar.sellerWithPhone' : 'calendar.seller', {
          name: meeting.sellerName ?? s.t('calendar.theSeller'),
          phone: meeting.sellerPhone ?? '',
        })
      : s.t(meeting.buyerPhone ? 'calendar.buyerWithPhone' : 'calendar.buyer', {
          name: meeting.buyerName,
          phone: meeting.buyerPhone ?? '',
        });
  const description = [deal, other, s.t('calendar.safety')].join('\n');
  const calendar = ical({
    prodId: '//Used phone marketplace//Meetings//EN',
    method: ICalCalendarMethod.PUBLISH,
    timezone: { name: null, generator: getVtimezoneComponent },
  });
  // TZDate: the library writes a date's wall-clock time in the event's zone from it.
  const at = (d: Date) => (zone ? new TZDate(d.getTime(), zone) : d);
  calendar.createEvent({
    id: `booking-${meeting.id}@${host}`,
    stamp: now,
    lastModified: meeting.updatedAt,
    start: at(meeting.meetingAt),
    end: at(end),
    timezone: zone,
    summary: clean(
      s.t(meeting.side === 'buyer' ? 'calendar.buyerSummary' : 'calendar.sellerSummary', {
        productName,
      }),
    ),
    // A spot is a public place: its coordinates go in GEO, for a calendar's map.
    location: meeting.meetingSpot
      ? {
          title: clean(meeting.meetingPlace),
          geo: { lat: meeting.meetingSpot.lat, lon: meeting.meetingSpot.lon },
        }
      : clean(meeting.meetingPlace),
    description: clean(description),
    status: ICalEventStatus.CONFIRMED,
  });
  return calendar.toString() + '\r\n';
}
