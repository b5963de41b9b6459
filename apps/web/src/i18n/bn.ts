// The Bangla catalog, and the font that has its letters in every weight the pages use (index.css
// names the family as the pages' last fallback): both load only on Bangla pages.
import '@fontsource/noto-sans-bengali/bengali-400.css';
import '@fontsource/noto-sans-bengali/bengali-700.css';
import catalog from './locales/bn.json';

export default catalog;
