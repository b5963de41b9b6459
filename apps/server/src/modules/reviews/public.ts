/** What bookings use of reviews: until when a deal may be reviewed, and the seller's tally. */
export { reviewDeadline } from './review-view.ts';
export { countCompletedDeal } from './seller-stats.repository.ts';
