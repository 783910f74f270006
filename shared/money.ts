// "Formatted per currency" (§2.10, §2.11, D-22): an amount has as many decimals as its currency's minor units
// (ISO 4217: JPY 0, GBP/EUR/USD 2, KWD/BHD 3). The minor units come from Intl (CLDR's ISO 4217 data), not from a
// table of ours; a code Intl does not know has 2.

const known = new Map<string, number>();

/** ISO 4217 minor units of `currency`, as Intl resolves them. */
export function isoMinorUnits(currency: string): number {
  let digits = known.get(currency);
  if (digits === undefined) {
    try {
      digits =
        new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
    } catch {
      digits = 2; // not a well-formed code: the contract's pattern keeps these out before we get here
    }
    known.set(currency, digits);
  }
  return digits;
}

/** Minor units of a currency; each app's pricing seam holds the one it uses (shipping/aggregate.ts). */
export type MinorUnits = (currency: string) => number;

/** Half-up to `digits` decimals on the decimal value: 15.795 (held as 15.79499…) is 15.80. Shifting the exponent in
 *  the string avoids the binary error that `n * 100` would round on. */
export const roundTo = (n: number, digits: number) => Math.round(Number(`${n.toFixed(9)}e${digits}`)) / 10 ** digits;

/** An amount rounded to its currency's minor units (D-22). */
export const roundMoney = (n: number, currency: string, minorUnits: MinorUnits = isoMinorUnits) =>
  roundTo(n, minorUnits(currency));

/** The decimal string of §2.10 and §2.11: `1200` in JPY, `12.00` in GBP, `12.000` in KWD. */
export const formatMoney = (n: number, currency: string, minorUnits: MinorUnits = isoMinorUnits) => {
  const digits = minorUnits(currency);
  return roundTo(n, digits).toFixed(digits);
};
