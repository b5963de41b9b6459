/** What the other modules use of search besides its services: the live index's type. */
export type { LiveSearchIndex } from './search-index-feed.ts';
