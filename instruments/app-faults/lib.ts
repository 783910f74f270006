// Patch helpers of the App instruments (app-faults/, app-variants/): each replaces one seam of one App
// (reference-app/app.ts: `verify`, `quote`, `label`, `reply`) with the original wrapped, so that the rest of the App
// answers as the reference does.
import type { Json } from '../../openapi/contract.ts';
import type { Label, Rate, ShippingApp } from '../../reference-app/app.ts';

/** A rate or a label as an instrument rewrites it: any fields, of any type. */
type Loose = Record<string, unknown>;

/** Rewrites each rate the App quotes, given the delivery it was asked for. */
export function mapRates(app: ShippingApp, fn: (rate: Rate, delivery: Json) => Loose): void {
  const quote = app.seams.quote;
  app.seams.quote = (delivery) => quote(delivery).map((r) => fn(r, delivery) as Rate);
}

/** Rewrites the label the App makes (undefined stays undefined: the App refuses the code, D-73). */
export function mapLabel(app: ShippingApp, fn: (label: Label, delivery: Json) => Loose): void {
  const label = app.seams.label;
  app.seams.label = (delivery) => {
    const made = label(delivery);
    return made && (fn(made, delivery) as Label);
  };
}

/** Rewrites what the App sends: its status and JSON body, answers and refusals alike. */
export function onReply(
  app: ShippingApp,
  fn: (status: number, body: unknown) => { status: number; body: unknown },
): void {
  const reply = app.seams.reply;
  app.seams.reply = (res, status, body) => {
    const out = fn(status, body);
    reply(res, out.status, out.body);
  };
}

/** `date` (yyyy-mm-dd) `days` later (earlier when negative). */
export const addDays = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
