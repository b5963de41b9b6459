/**
 * What the other modules use of products: the one query that reads listings as cards and
 * pages, the product answers made from its rows, and the columns a listing's fields are
 * written to.
 */
export {
  ownProduct,
  selectProductViews,
  sellerRating,
  toProduct,
  type ProductViewRow,
} from './product-view.ts';
export { columnsOf, newListingColumns } from './product-fields.ts';
