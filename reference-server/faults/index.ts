// The one table of known-bad variants (README.md): every fault module, and `applyFaults` that server.ts calls
// when FAULTS is set. A fault patches the running server from outside; removing this folder removes them all.
import type { ReferenceApp } from '../app.ts';
import type { Fault } from './types.ts';
import envelopesCreateAnswers200 from './envelopes/createAnswers200.ts';
import envelopesDateTimeWithoutOffset from './envelopes/dateTimeWithoutOffset.ts';
import envelopesDeleteAnswers200 from './envelopes/deleteAnswers200.ts';
import envelopesErrorWithoutSuccess from './envelopes/errorWithoutSuccess.ts';
import envelopesMalformedJsonAs500 from './envelopes/malformedJsonAs500.ts';
import envelopesMethodNotAllowedAs404 from './envelopes/methodNotAllowedAs404.ts';
import envelopesNotFoundWithoutEnvelope from './envelopes/notFoundWithoutEnvelope.ts';
import envelopesNullFieldsOmitted from './envelopes/nullFieldsOmitted.ts';
import envelopesTooLargeAs500 from './envelopes/tooLargeAs500.ts';
import envelopesUnknownParameterIgnored from './envelopes/unknownParameterIgnored.ts';
import envelopesValidationAs400 from './envelopes/validationAs400.ts';
import envelopesWrongMediaTypeAs400 from './envelopes/wrongMediaTypeAs400.ts';
import authBasicRefused from './auth/basicRefused.ts';
import authBearerCaseSensitive from './auth/bearerCaseSensitive.ts';
import authExpiredTokenAccepted from './auth/expiredTokenAccepted.ts';
import authExpiresInMilliseconds from './auth/expiresInMilliseconds.ts';
import authNoBearerChallenge from './auth/noBearerChallenge.ts';
import authReadonlyCanWrite from './auth/readonlyCanWrite.ts';
import authScopeAlwaysNull from './auth/scopeAlwaysNull.ts';
import authScopeIgnored from './auth/scopeIgnored.ts';
import authTokenAliasMissing from './auth/tokenAliasMissing.ts';
import authWebhooksAcrossClients from './auth/webhooksAcrossClients.ts';
import authWebhooksNeedScope from './auth/webhooksNeedScope.ts';
import authWrongSecretAccepted from './auth/wrongSecretAccepted.ts';
import authWrongScopeFamily from './auth/wrongScopeFamily.ts';
import paginationLimitIgnored from './pagination/limitIgnored.ts';
import paginationLinksDropFilters from './pagination/linksDropFilters.ts';
import paginationNewestFirst from './pagination/newestFirst.ts';
import paginationNextOnLastPage from './pagination/nextOnLastPage.ts';
import paginationPageOffByOne from './pagination/pageOffByOne.ts';
import paginationPastEndIs404 from './pagination/pastEndIs404.ts';
import paginationPreviousOnFirstPage from './pagination/previousOnFirstPage.ts';
import paginationSearchPageIgnored from './pagination/searchPageIgnored.ts';
import paginationTotalCountsPage from './pagination/totalCountsPage.ts';
import paginationTotalPagesOffByOne from './pagination/totalPagesOffByOne.ts';
import filtersAfterInclusive from './filters/afterInclusive.ts';
import filtersBeforeInclusive from './filters/beforeInclusive.ts';
import filtersFractionTruncated from './filters/fractionTruncated.ts';
import filtersDateOffsetIgnored from './filters/dateOffsetIgnored.ts';
import filtersEmailCaseSensitive from './filters/emailCaseSensitive.ts';
import filtersEmptyBandIdIgnored from './filters/emptyBandIdIgnored.ts';
import filtersEmptyManufacturerIdAsZero from './filters/emptyManufacturerIdAsZero.ts';
import filtersInFirstValueOnly from './filters/inFirstValueOnly.ts';
import filtersInQuotesIgnored from './filters/inQuotesIgnored.ts';
import filtersMaxExclusive from './filters/maxExclusive.ts';
import filtersMinExclusive from './filters/minExclusive.ts';
import filtersQCaseSensitive from './filters/qCaseSensitive.ts';
import filtersSkuInCaseSensitive from './filters/skuInCaseSensitive.ts';
import productsCurrentStockNotUpdated from './products/currentStockNotUpdated.ts';
import productsDeleteKeepsChildren from './products/deleteKeepsChildren.ts';
import productsInactiveByDefault from './products/inactiveByDefault.ts';
import productsSkuUniqueCaseSensitive from './products/skuUniqueCaseSensitive.ts';
import productsStatusIgnoresPublishEnd from './products/statusIgnoresPublishEnd.ts';
import productsStatusIgnoresPublishWindow from './products/statusIgnoresPublishWindow.ts';
import resourcesAvailableIgnoresReserved from './resources/availableIgnoresReserved.ts';
import resourcesBuiltInRoleEditable from './resources/builtInRoleEditable.ts';
import resourcesDeleteNotDeleting from './resources/deleteNotDeleting.ts';
import resourcesHeadingTitleCaseSensitive from './resources/headingTitleCaseSensitive.ts';
import resourcesPriceCurrentIgnoresEnd from './resources/priceCurrentIgnoresEnd.ts';
import resourcesPrimaryMediaNotExclusive from './resources/primaryMediaNotExclusive.ts';
import resourcesSubResourceAcrossParents from './resources/subResourceAcrossParents.ts';
import resourcesUnknownRoleReferenceAccepted from './resources/unknownRoleReferenceAccepted.ts';
import resourcesUpdateResetsAbsentFields from './resources/updateResetsAbsentFields.ts';
import resourcesUrlRedirectWithoutTarget from './resources/urlRedirectWithoutTarget.ts';
import resourcesRedirectTargetCopied from './resources/redirectTargetCopied.ts';
import resourcesVariantHeadingGlobal from './resources/variantHeadingGlobal.ts';
import resourcesIdsReused from './resources/idsReused.ts';
import resourcesReadOnlyFieldsRefused from './resources/readOnlyFieldsRefused.ts';
import productsEmptyStringForUnset from './products/emptyStringForUnset.ts';
import filtersZuluDateTimeRefused from './filters/zuluDateTimeRefused.ts';
import filtersInListUnbounded from './filters/inListUnbounded.ts';
import contactsAccessRolesMerged from './contacts/accessRolesMerged.ts';
import contactsBiographyTruncated from './contacts/biographyTruncated.ts';
import contactsCompanyTruncated from './contacts/companyTruncated.ts';
import contactsFirstnameTruncated from './contacts/firstnameTruncated.ts';
import contactsHasPasswordAlwaysFalse from './contacts/hasPasswordAlwaysFalse.ts';
import contactsHqDeletable from './contacts/hqDeletable.ts';
import contactsHtmlEscaped from './contacts/htmlEscaped.ts';
import contactsLastnameMaxOffByOne from './contacts/lastnameMaxOffByOne.ts';
import contactsNamesNotRequiredOnUpdate from './contacts/namesNotRequiredOnUpdate.ts';
import contactsPasswordEchoed from './contacts/passwordEchoed.ts';
import contactsPasswordMinOffByOne from './contacts/passwordMinOffByOne.ts';
import contactsPositionMaxOffByOne from './contacts/positionMaxOffByOne.ts';
import contactsSecondHqAllowed from './contacts/secondHqAllowed.ts';
import contactsTagsOtherKeysAccepted from './contacts/tagsOtherKeysAccepted.ts';
import contactsAddressNullRefused from './contacts/addressNullRefused.ts';
import contactsEmptyTagsRefused from './contacts/emptyTagsRefused.ts';
import contactsOwnThumbnailDownloaded from './contacts/ownThumbnailDownloaded.ts';
import contactsReadOnlyFieldsRefused from './contacts/readOnlyFieldsRefused.ts';
import contactsRelativeWebsiteRefused from './contacts/relativeWebsiteRefused.ts';
import contactsThumbnailHotlinked from './contacts/thumbnailHotlinked.ts';
import contactsThumbnailNotAbsolute from './contacts/thumbnailNotAbsolute.ts';
import contactsTypeNotChecked from './contacts/typeNotChecked.ts';
import contactsUnsetAsEmptyString from './contacts/unsetAsEmptyString.ts';
import webhooksActionIgnored from './webhooks/actionIgnored.ts';
import webhooksAttemptAlwaysOne from './webhooks/attemptAlwaysOne.ts';
import webhooksDeletedCarriesIdOnly from './webhooks/deletedCarriesIdOnly.ts';
import webhooksInactiveDelivered from './webhooks/inactiveDelivered.ts';
import webhooksMetadataDropped from './webhooks/metadataDropped.ts';
import webhooksNewDeliveryIdPerAttempt from './webhooks/newDeliveryIdPerAttempt.ts';
import webhooksNoRetry from './webhooks/noRetry.ts';
import webhooksSignatureHex from './webhooks/signatureHex.ts';
import webhooksSignedWithAccount from './webhooks/signedWithAccount.ts';
import webhooksCallbacksAsEvents from './webhooks/callbacksAsEvents.ts';
import webhooksUnknownEventAccepted from './webhooks/unknownEventAccepted.ts';
import callbacksCurrencyNotConverted from './callbacks/currencyNotConverted.ts';
import callbacksDispatchDateMissing from './callbacks/dispatchDateMissing.ts';
import callbacksFailingAppFailsCheckout from './callbacks/failingAppFailsCheckout.ts';
import callbacksLabelWithoutLabelsUrl from './callbacks/labelWithoutLabelsUrl.ts';
import callbacksLabelsForFirstBoxOnly from './callbacks/labelsForFirstBoxOnly.ts';
import callbacksModifiersSkipped from './callbacks/modifiersSkipped.ts';
import callbacksNoTimeout from './callbacks/noTimeout.ts';
import callbacksOneRateRequestPerCart from './callbacks/oneRateRequestPerCart.ts';
import callbacksSignedWithClientId from './callbacks/signedWithClientId.ts';
import callbacksUncommonOptionsKept from './callbacks/uncommonOptionsKept.ts';
import callbacksWeightInKilograms from './callbacks/weightInKilograms.ts';
import callbacksLabelAddressWithoutTitlePhone from './callbacks/labelAddressWithoutTitlePhone.ts';
import callbacksTwoDecimalsForEveryCurrency from './callbacks/twoDecimalsForEveryCurrency.ts';
import callbacksExtraFieldsRejected from './callbacks/extraFieldsRejected.ts';
import callbacksLabelRequestedAtCheckout from './callbacks/labelRequestedAtCheckout.ts';
import callbacksLandedCostsSeparated from './callbacks/landedCostsSeparated.ts';
import callbacksSplitByLocationOnly from './callbacks/splitByLocationOnly.ts';
import callbacksCalculatorIgnored from './callbacks/calculatorIgnored.ts';
import callbacksCommodityCodeNull from './callbacks/commodityCodeNull.ts';
import envelopesMergePatchAsJson from './envelopes/mergePatchAsJson.ts';
import envelopesMissingContentTypeAsJson from './envelopes/missingContentTypeAsJson.ts';
import envelopesLatin1Accepted from './envelopes/latin1Accepted.ts';
import envelopesBomIgnored from './envelopes/bomIgnored.ts';
import envelopesPrototypeKeysIgnored from './envelopes/prototypeKeysIgnored.ts';
import envelopesQueryParametersUnlimited from './envelopes/queryParametersUnlimited.ts';
import envelopesJsonDepthUnlimited from './envelopes/jsonDepthUnlimited.ts';
import envelopesHeadersUnlimited from './envelopes/headersUnlimited.ts';
import envelopesLiteralPathFallsThrough from './envelopes/literalPathFallsThrough.ts';
import authUnreadableTokenRequestAsEnvelope from './auth/unreadableTokenRequestAsEnvelope.ts';
import authNoCredentialsAsInvalidRequest from './auth/noCredentialsAsInvalidRequest.ts';
import callbacksQuantityClamped from './callbacks/quantityClamped.ts';
import callbacksDeliveriesRatedBeforeRefused from './callbacks/deliveriesRatedBeforeRefused.ts';

export const faults: Fault[] = [
  envelopesCreateAnswers200,
  envelopesDateTimeWithoutOffset,
  envelopesDeleteAnswers200,
  envelopesErrorWithoutSuccess,
  envelopesMalformedJsonAs500,
  envelopesMethodNotAllowedAs404,
  envelopesNotFoundWithoutEnvelope,
  envelopesNullFieldsOmitted,
  envelopesTooLargeAs500,
  envelopesUnknownParameterIgnored,
  envelopesValidationAs400,
  envelopesWrongMediaTypeAs400,
  authBasicRefused,
  authBearerCaseSensitive,
  authExpiredTokenAccepted,
  authExpiresInMilliseconds,
  authNoBearerChallenge,
  authReadonlyCanWrite,
  authScopeAlwaysNull,
  authScopeIgnored,
  authTokenAliasMissing,
  authWebhooksAcrossClients,
  authWebhooksNeedScope,
  authWrongSecretAccepted,
  authWrongScopeFamily,
  paginationLimitIgnored,
  paginationLinksDropFilters,
  paginationNewestFirst,
  paginationNextOnLastPage,
  paginationPageOffByOne,
  paginationPastEndIs404,
  paginationPreviousOnFirstPage,
  paginationSearchPageIgnored,
  paginationTotalCountsPage,
  paginationTotalPagesOffByOne,
  filtersAfterInclusive,
  filtersBeforeInclusive,
  filtersFractionTruncated,
  filtersDateOffsetIgnored,
  filtersEmailCaseSensitive,
  filtersEmptyBandIdIgnored,
  filtersEmptyManufacturerIdAsZero,
  filtersInFirstValueOnly,
  filtersInQuotesIgnored,
  filtersMaxExclusive,
  filtersMinExclusive,
  filtersQCaseSensitive,
  filtersSkuInCaseSensitive,
  productsCurrentStockNotUpdated,
  productsDeleteKeepsChildren,
  productsInactiveByDefault,
  productsSkuUniqueCaseSensitive,
  productsStatusIgnoresPublishEnd,
  productsStatusIgnoresPublishWindow,
  resourcesAvailableIgnoresReserved,
  resourcesBuiltInRoleEditable,
  resourcesDeleteNotDeleting,
  resourcesHeadingTitleCaseSensitive,
  resourcesPriceCurrentIgnoresEnd,
  resourcesPrimaryMediaNotExclusive,
  resourcesSubResourceAcrossParents,
  resourcesUnknownRoleReferenceAccepted,
  resourcesUpdateResetsAbsentFields,
  resourcesUrlRedirectWithoutTarget,
  resourcesRedirectTargetCopied,
  resourcesVariantHeadingGlobal,
  resourcesIdsReused,
  resourcesReadOnlyFieldsRefused,
  productsEmptyStringForUnset,
  filtersZuluDateTimeRefused,
  filtersInListUnbounded,
  contactsAccessRolesMerged,
  contactsBiographyTruncated,
  contactsCompanyTruncated,
  contactsFirstnameTruncated,
  contactsHasPasswordAlwaysFalse,
  contactsHqDeletable,
  contactsHtmlEscaped,
  contactsLastnameMaxOffByOne,
  contactsNamesNotRequiredOnUpdate,
  contactsPasswordEchoed,
  contactsPasswordMinOffByOne,
  contactsPositionMaxOffByOne,
  contactsSecondHqAllowed,
  contactsTagsOtherKeysAccepted,
  contactsAddressNullRefused,
  contactsEmptyTagsRefused,
  contactsOwnThumbnailDownloaded,
  contactsReadOnlyFieldsRefused,
  contactsRelativeWebsiteRefused,
  contactsThumbnailHotlinked,
  contactsThumbnailNotAbsolute,
  contactsTypeNotChecked,
  contactsUnsetAsEmptyString,
  webhooksActionIgnored,
  webhooksAttemptAlwaysOne,
  webhooksDeletedCarriesIdOnly,
  webhooksInactiveDelivered,
  webhooksMetadataDropped,
  webhooksNewDeliveryIdPerAttempt,
  webhooksNoRetry,
  webhooksSignatureHex,
  webhooksSignedWithAccount,
  webhooksCallbacksAsEvents,
  webhooksUnknownEventAccepted,
  callbacksCurrencyNotConverted,
  callbacksDispatchDateMissing,
  callbacksFailingAppFailsCheckout,
  callbacksLabelWithoutLabelsUrl,
  callbacksLabelsForFirstBoxOnly,
  callbacksModifiersSkipped,
  callbacksNoTimeout,
  callbacksOneRateRequestPerCart,
  callbacksSignedWithClientId,
  callbacksUncommonOptionsKept,
  callbacksWeightInKilograms,
  callbacksLabelAddressWithoutTitlePhone,
  callbacksTwoDecimalsForEveryCurrency,
  callbacksExtraFieldsRejected,
  callbacksLabelRequestedAtCheckout,
  callbacksLandedCostsSeparated,
  callbacksSplitByLocationOnly,
  callbacksCalculatorIgnored,
  callbacksCommodityCodeNull,
  envelopesMergePatchAsJson,
  envelopesMissingContentTypeAsJson,
  envelopesLatin1Accepted,
  envelopesBomIgnored,
  envelopesPrototypeKeysIgnored,
  envelopesQueryParametersUnlimited,
  envelopesJsonDepthUnlimited,
  envelopesHeadersUnlimited,
  envelopesLiteralPathFallsThrough,
  authUnreadableTokenRequestAsEnvelope,
  authNoCredentialsAsInvalidRequest,
  callbacksQuantityClamped,
  callbacksDeliveriesRatedBeforeRefused,
];

export const faultNames = faults.map((f) => f.name);

/** The quick subset `npm test` runs (scripts/mutants.ts --quick): one or two per area, each caught fast. */
export const quickFaults: string[] = [
  'envelopes.nullFieldsOmitted',
  'auth.readonlyCanWrite',
  'auth.noBearerChallenge',
  'pagination.totalCountsPage',
  'filters.inQuotesIgnored',
  'products.statusIgnoresPublishWindow',
  'resources.deleteNotDeleting',
  'contacts.htmlEscaped',
  'webhooks.signatureHex',
  'callbacks.dispatchDateMissing',
];

/** Applies the named faults to the server `createApp` built; an unknown name stops the process with the list. */
export function applyFaults(names: string[], app: ReferenceApp): void {
  const unknown = names.filter((n) => !faultNames.includes(n));
  if (unknown.length) {
    console.error(`Unknown fault(s): ${unknown.join(', ')}\nKnown faults:\n  ${faultNames.join('\n  ')}`);
    process.exit(2);
  }
  for (const name of names) {
    faults.find((f) => f.name === name)!.apply(app);
    console.error(`[faults] ${name} applied`);
  }
}
