// CORS for browsers: a frontend on another origin (a dev server on localhost:5173) may call every
// operation and the token endpoint. A development server, so any origin by default; `--cors-origin` (CORS_ORIGIN)
// restricts it to a list. A preflight (`OPTIONS` with `Access-Control-Request-Method`) is answered here with 204;
// any other `OPTIONS` goes on to the dispatcher (405 with `Allow`, as before).
import type { NextFunction, Request, Response } from 'express';
import { ApiError, errorBody } from '../../shared/errors.ts';

/** Every method the API's operations use. */
const METHODS = 'GET, POST, PUT, DELETE';
/** What a browser may send: the bearer token, and JSON or form bodies (§4.1). */
const REQUEST_HEADERS = 'Authorization, Content-Type';
/** Response headers a script may read beyond the CORS-safelisted ones. */
const EXPOSED = 'WWW-Authenticate, Retry-After, Allow, Location';
/** How long a browser may cache a preflight answer, in seconds. */
const MAX_AGE = '600';

/** `allowed`: `*` for any origin, else the exact origins (`http://localhost:5173`). */
export function cors(allowed: '*' | string[]) {
  const permits = (origin: string) => allowed === '*' || allowed.includes(origin);
  return (req: Request, res: Response, next: NextFunction): void => {
    const origin = req.headers.origin;
    if (!origin) return next();
    const preflight = req.method === 'OPTIONS' && req.headers['access-control-request-method'] !== undefined;
    if (!permits(origin)) {
      if (!preflight) return next(); // no CORS headers: the browser withholds the answer
      const error = new ApiError(403, 'request', [
        { name: 'origin', message: `The origin ${origin} is not allowed (--cors-origin)`, ref: 'error.forbidden' },
      ]);
      res.status(403).json(errorBody(error));
      return;
    }
    res.setHeader('Access-Control-Allow-Origin', allowed === '*' ? '*' : origin);
    if (allowed !== '*') res.setHeader('Vary', 'Origin');
    res.setHeader('Access-Control-Expose-Headers', EXPOSED);
    if (!preflight) return next();
    res.setHeader('Access-Control-Allow-Methods', METHODS);
    res.setHeader('Access-Control-Allow-Headers', REQUEST_HEADERS);
    res.setHeader('Access-Control-Max-Age', MAX_AGE);
    res.status(204).end();
  };
}
