/** Money is stored in whole cents and spoken in dollars at the API boundary. */
export const centsToDollars = (cents: number): number => cents / 100;
export const dollarsToCents = (dollars: number): number => Math.round(dollars * 100);
