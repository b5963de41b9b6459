import { advertisementKeys, productKeys } from '../../catalog/api/keys.ts';
import { myProductKeys } from '../../listings/api/keys.ts';
import { marksKeys } from '../../marks/api/keys.ts';
import { myBuyerKeys, myOrderKeys } from '../../orders/api/keys.ts';

/*
 * What the answers to a booking request change. Every one changes both sides' lists (and the
 * buyer's marks); those that reserve, free or sell the listing change what cards show too.
 */
export const requestLists = [myOrderKeys.all, myBuyerKeys.all, marksKeys.all] as const;
export const listingViews = [productKeys.all, advertisementKeys.all, myProductKeys.all] as const;
