/**
 * What the other modules (and the demo data) use of phone facts besides the service: the IMEI
 * hasher, the listing that makes an IMEI worth a look, and the price statistics a listing
 * feeds.
 */
export { ImeiHasher } from './imei-hasher.ts';
export {
  DUPLICATE_IMEI_REASON,
  IMEI_MISMATCH_REASON,
  fileMarketplaceReport,
  lockImei,
  otherListingOfNote,
} from './phone-facts.repository.ts';
export {
  STOLEN_AFTER_SALE_REASON,
  STOLEN_IMEI_REASON,
  findActiveStolenReport,
  listCompletedSalesOfImei,
  listOpenStolenImeiReports,
} from './stolen-holds.ts';
export {
  findPriceKey,
  listSellerPriceKeys,
  priceKeyOf,
  rebuildAllPriceStats,
  refreshPriceStats,
} from './price-stats.repository.ts';
