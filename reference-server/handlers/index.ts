// The one handler map, keyed by operationId: `Handlers` requires every served operation of the contract,
// so an operation added to the document without a handler fails to compile. Each app gets its own map
// (`createHandlers`), so that a fault wrapping one app's handler leaves another app's alone.
import { crud } from './crud.ts';
import { createToken } from './token.ts';
import * as contacts from './contacts.ts';
import * as productSpecifications from './product-specifications.ts';
import * as shipping from './shipping.ts';
import type { Handlers } from './types.ts';

const products = crud('products');
const prices = crud('productPrices');
const media = crud('productMedia');
const downloads = crud('productDownloads');
const productSpecs = crud('productSpecifications');
const specifications = crud('specifications');
const values = crud('specificationValues');
const roles = crud('accessRoles');
const geozones = crud('geozones');
const inventory = crud('inventory');
const redirects = crud('redirects');
const webhooks = crud('webhooks');

export const createHandlers = (): Handlers => ({
  createToken,
  createTokenAlias: createToken,
  createContact: contacts.createContact,
  getContact: contacts.getContact,
  updateContact: contacts.updateContact,
  updateContactPost: contacts.updateContact,
  deleteContact: contacts.deleteContact,
  searchContacts: contacts.searchContacts,
  listProducts: products.list,
  getProduct: products.get,
  createProduct: products.create,
  updateProduct: products.update,
  deleteProduct: products.delete,
  listProductPrices: prices.list,
  getProductPrice: prices.get,
  createProductPrice: prices.create,
  updateProductPrice: prices.update,
  deleteProductPrice: prices.delete,
  listProductMedia: media.list,
  getProductMedia: media.get,
  createProductMedia: media.create,
  updateProductMedia: media.update,
  deleteProductMedia: media.delete,
  listProductDownloads: downloads.list,
  getProductDownload: downloads.get,
  createProductDownload: downloads.create,
  updateProductDownload: downloads.update,
  deleteProductDownload: downloads.delete,
  listProductSpecifications: productSpecs.list,
  getProductSpecification: productSpecs.get,
  deleteProductSpecification: productSpecs.delete,
  createProductSpecification: productSpecifications.createProductSpecification,
  updateProductSpecification: productSpecifications.updateProductSpecification,
  listSpecifications: specifications.list,
  getSpecification: specifications.get,
  createSpecification: specifications.create,
  updateSpecification: specifications.update,
  deleteSpecification: specifications.delete,
  listSpecificationValues: values.list,
  getSpecificationValue: values.get,
  createSpecificationValue: values.create,
  updateSpecificationValue: values.update,
  deleteSpecificationValue: values.delete,
  listAccessRoles: roles.list,
  getAccessRole: roles.get,
  createAccessRole: roles.create,
  updateAccessRole: roles.update,
  deleteAccessRole: roles.delete,
  listGeozones: geozones.list,
  getGeozone: geozones.get,
  createGeozone: geozones.create,
  updateGeozone: geozones.update,
  deleteGeozone: geozones.delete,
  listInventory: inventory.list,
  getInventory: inventory.get,
  createInventory: inventory.create,
  updateInventory: inventory.update,
  deleteInventory: inventory.delete,
  listRedirects: redirects.list,
  getRedirect: redirects.get,
  createRedirect: redirects.create,
  updateRedirect: redirects.update,
  deleteRedirect: redirects.delete,
  listWebhooks: webhooks.list,
  getWebhook: webhooks.get,
  createWebhook: webhooks.create,
  updateWebhook: webhooks.update,
  deleteWebhook: webhooks.delete,
  listShippingServices: shipping.listShippingServices,
  getShippingService: shipping.getShippingService,
  createShippingService: shipping.createShippingService,
  updateShippingService: shipping.updateShippingService,
  deleteShippingService: shipping.deleteShippingService,
  calculateCheckoutRates: shipping.calculateCheckoutRates,
  createShipment: shipping.createShipment,
  getShipment: shipping.getShipment,
});
