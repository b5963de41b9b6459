/** Where the calendar file of an accepted request's meeting downloads from (GET, no script). */
export function calendarUrl(bookingId: string): string {
  return `/api/booking/${encodeURIComponent(bookingId)}/calendar.ics`;
}
