/** What bookings use of meeting spots: a chosen spot, a deal's spot as answers show it, in words. */
export { joinedSpot, spotInWords, type JoinedSpot, type SpotView } from './meeting-spot-view.ts';
export { findSpotForMeeting } from './meeting-spots.service.ts';
export { insertDemoMeetingSpots } from './demo-spots.ts';
