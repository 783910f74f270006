// Shipments (§2.11, D-49): what a shipment's label requests gave, one row per shipment, written once by
// shipping/shipments.ts after the App's answers and read by its get; each box, with its label, in the JSON column
// `boxes`.
import type { ResourceDef } from '../store/types.ts';

export default {
  name: 'shipments',
  schema: 'Shipment',
} satisfies ResourceDef;
