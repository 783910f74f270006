// The one handler map, keyed by operationId: `Handlers` requires every served operation of the contract,
// so an operation added to the document without a handler fails to compile.
import { resources } from '../store/resources.ts';
import { crud } from './crud.ts';
import { createToken } from './token.ts';
import * as contacts from './contacts.ts';
import * as productSpecifications from './product-specifications.ts';
import * as shipping from './shipping.ts';
import type { Handlers } from './types.ts';

const products = crud(resources.products);
const prices = crud(resources.productPrices);
const media = crud(resources.productMedia);
const downloads = crud(resources.productDownloads);
const productSpecs = crud(resources.productSpecifications);
const specifications = crud(resources.specifications);
const values = crud(resources.specificationValues);
const roles = crud(resources.accessRoles);
const geozones = crud(resources.geozones);
const inventory = crud(resources.inventory);
const redirects = crud(resources.redirects);
const webhooks = crud(resources.webhooks);

export const handlers: Handlers = {
  createToken, createTokenAlias: createToken,
  createContact: contacts.createContact, getContact: contacts.getContact, updateContact: contacts.updateContact,
  updateContactPost: contacts.updateContact, deleteContact: contacts.deleteContact, searchContacts: contacts.searchContacts,
  listProducts: products.list, getProduct: products.get, createProduct: products.create, updateProduct: products.update, deleteProduct: products.delete,
  listProductPrices: prices.list, getProductPrice: prices.get, createProductPrice: prices.create, updateProductPrice: prices.update, deleteProductPrice: prices.delete,
  listProductMedia: media.list, getProductMedia: media.get, createProductMedia: media.create, updateProductMedia: media.update, deleteProductMedia: media.delete,
  listProductDownloads: downloads.list, getProductDownload: downloads.get, createProductDownload: downloads.create, updateProductDownload: downloads.update, deleteProductDownload: downloads.delete,
  listProductSpecifications: productSpecs.list, getProductSpecification: productSpecs.get, deleteProductSpecification: productSpecs.delete,
  createProductSpecification: productSpecifications.createProductSpecification, updateProductSpecification: productSpecifications.updateProductSpecification,
  listSpecifications: specifications.list, getSpecification: specifications.get, createSpecification: specifications.create, updateSpecification: specifications.update, deleteSpecification: specifications.delete,
  listSpecificationValues: values.list, getSpecificationValue: values.get, createSpecificationValue: values.create, updateSpecificationValue: values.update, deleteSpecificationValue: values.delete,
  listAccessRoles: roles.list, getAccessRole: roles.get, createAccessRole: roles.create, updateAccessRole: roles.update, deleteAccessRole: roles.delete,
  listGeozones: geozones.list, getGeozone: geozones.get, createGeozone: geozones.create, updateGeozone: geozones.update, deleteGeozone: geozones.delete,
  listInventory: inventory.list, getInventory: inventory.get, createInventory: inventory.create, updateInventory: inventory.update, deleteInventory: inventory.delete,
  listRedirects: redirects.list, getRedirect: redirects.get, createRedirect: redirects.create, updateRedirect: redirects.update, deleteRedirect: redirects.delete,
  listWebhooks: webhooks.list, getWebhook: webhooks.get, createWebhook: webhooks.create, updateWebhook: webhooks.update, deleteWebhook: webhooks.delete,
  listShippingServices: shipping.listShippingServices, getShippingService: shipping.getShippingService, createShippingService: shipping.createShippingService,
  updateShippingService: shipping.updateShippingService, deleteShippingService: shipping.deleteShippingService,
  calculateCheckoutRates: shipping.calculateCheckoutRates, createShipment: shipping.createShipment, getShipment: shipping.getShipment,
};
