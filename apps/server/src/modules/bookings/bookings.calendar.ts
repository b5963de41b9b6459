import { getVtimezoneComponent } from '@touch4it/ical-timezones';
import { centsToDollars } from '../../lib/money.ts';
import type { Meeting } from './bookings.service.ts';

/*
 * The meeting of an accepted request as an iCalendar file (RFC 5545): one event in the time zone
 * the seller set it in, with that zone's VTIMEZONE, so a calendar shows the time they agreed on
 * wherever it is opened.
 */

const MEETING_MINUTES = 30;
const SAFETY =
  'Meet in a busy public place. Check the phone, its IMEI and that it is not locked before paying. ' +
  'Give the hand-over code only when you are satisfied.';

/** TEXT values escape backslash, semicolon, comma and new lines (RFC 5545, 3.3.11). */
function text(value: string): string {
  return value
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r?\n/g, '\\n');
}

/** Lines longer than 75 octets are folded (RFC 5545, 3.1), never inside a character. */
function fold(line: string): string {
  const parts: string[] = [];
  let current = '';
  let bytes = 0;
  for (const char of line) {
    const size = Buffer.byteLength(char);
    const limit = parts.length === 0 ? 75 : 74;
    if (bytes + size > limit) {
      parts.push(current);
      current = '';
      bytes = 0;
    }
    current += char;
    bytes += size;
  }
  parts.push(current);
  return parts.join('\r\n ');
}

const pad = (n: number) => String(n).padStart(2, '0');

function utcStamp(d: Date): string {
  return (
    `${d.getUTCFullYear()}${pad(d.getUTCMonth() + 1)}${pad(d.getUTCDate())}` +
    `T${pad(d.getUTCHours())}${pad(d.getUTCMinutes())}${pad(d.getUTCSeconds())}Z`
  );
}

/** The wall-clock time of an instant in a time zone, as a DATE-TIME without a zone. */
function localStamp(d: Date, timeZone: string): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    })
      .formatToParts(d)
      .map((p) => [p.type, p.value]),
  );
  return `${parts.year}${parts.month}${parts.day}T${parts.hour}${parts.minute}${parts.second}`;
}

/** The zone's VTIMEZONE and the TZID it names, or null for a zone without rules (use UTC). */
function zoneOf(timeZone: string): { tzid: string; lines: string[] } | null {
  const component = getVtimezoneComponent(timeZone);
  const tzid = component?.match(/^TZID:(.+)$/m)?.[1];
  if (!component || !tzid) return null;
  return { tzid, lines: component.trim().split(/\r?\n/) };
}

export function meetingCalendar(meeting: Meeting, host: string, now: Date): string {
  const end = new Date(meeting.meetingAt.getTime() + MEETING_MINUTES * 60_000);
  const zone = zoneOf(meeting.timeZone);
  const other =
    meeting.side === 'buyer'
      ? { role: 'Seller', name: meeting.sellerName ?? 'The seller', phone: meeting.sellerPhone }
      : { role: 'Buyer', name: meeting.buyerName, phone: meeting.buyerPhone };
  const price = centsToDollars(meeting.priceCents).toFixed(2);
  const description = [
    `${meeting.side === 'buyer' ? 'Buying' : 'Selling'} ${meeting.productName} for $${price}.`,
    `${other.role}: ${other.name}${other.phone ? `, ${other.phone}` : ''}.`,
    SAFETY,
  ].join('\n');
  const at = (d: Date) =>
    zone ? `;TZID=${zone.tzid}:${localStamp(d, zone.tzid)}` : `:${utcStamp(d)}`;

  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Used phone marketplace//Meetings//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    ...(zone?.lines ?? []),
    'BEGIN:VEVENT',
    `UID:booking-${meeting.id}@${host}`,
    `DTSTAMP:${utcStamp(now)}`,
    `LAST-MODIFIED:${utcStamp(meeting.updatedAt)}`,
    `DTSTART${at(meeting.meetingAt)}`,
    `DTEND${at(end)}`,
    `SUMMARY:${text(`Meet to ${meeting.side === 'buyer' ? 'buy' : 'sell'} ${meeting.productName}`)}`,
    `LOCATION:${text(meeting.meetingPlace)}`,
    `DESCRIPTION:${text(description)}`,
    'STATUS:CONFIRMED',
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return lines.map(fold).join('\r\n') + '\r\n';
}
