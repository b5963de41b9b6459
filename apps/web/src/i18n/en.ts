// The English catalog as a module of its own, so a page loads only its language's catalog.
import catalog from './locales/en.json';

export default catalog;
