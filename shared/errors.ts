// The one error helper (D-02): every 4xx/5xx of the API leaves through ApiError and `errorBody`.
export type ErrorContext = 'data' | 'query' | 'path' | 'request' | 'contact' | 'shippingService';
export interface ErrorItem {
  name: string;
  message: string;
  ref: string;
}

export class ApiError extends Error {
  readonly status: number;
  readonly context: ErrorContext;
  readonly errors: ErrorItem[];
  readonly headers: Record<string, string>;
  constructor(status: number, context: ErrorContext, errors: ErrorItem[], headers: Record<string, string> = {}) {
    super(errors.map((e) => `${e.name}: ${e.message}`).join('; '));
    this.status = status;
    this.context = context;
    this.errors = errors;
    this.headers = headers;
  }
}

/** Throws the error envelope for one problem: `fail(422, 'error.unique', 'data.sku', 'must be unique')`. */
export function fail(
  status: number,
  ref: string,
  name: string,
  message: string,
  context: ErrorContext = 'request',
  headers: Record<string, string> = {},
): never {
  throw new ApiError(status, context, [{ name, message, ref }], headers);
}

export const notFound = (name = 'id', what = 'resource'): never =>
  fail(404, 'error.not-found', name, `No ${what} with this ${name}`, 'path');

export function errorBody(err: ApiError) {
  return { success: false as const, status: err.status, context: err.context, errors: err.errors };
}
