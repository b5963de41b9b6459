// The English texts of the signed-in pages (the dashboard), a chunk of their own: the public pages
// never load them.
import catalog from './locales/account/en.json';

export default catalog;
