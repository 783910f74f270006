// The v2 envelopes (§2.1, D-01, D-03).
import type { Req } from './types.ts';

export const single = (status: 200 | 201, data: unknown) => ({ status, body: { success: true, status, data } });

/** The list envelope; `links` keep every filter and the limit (D-03). */
export function listEnvelope(req: Req, data: unknown[], total: number) {
  const page = Number(req.query.page ?? 1);
  const limit = Number(req.query.limit ?? 100);
  const totalPages = Math.ceil(total / limit);
  const [path, search = ''] = req.path.split('?');
  const link = (p: number) => {
    const q = new URLSearchParams(search);
    q.set('page', String(p));
    q.set('limit', String(limit));
    return `${path}?${q.toString()}`;
  };
  return {
    status: 200,
    body: {
      success: true,
      status: 200,
      data,
      pagination: { page, limit, total, totalPages },
      links: {
        self: link(page),
        previous: page > 1 ? link(Math.min(page - 1, Math.max(totalPages, 1))) : null,
        next: page < totalPages ? link(page + 1) : null,
      },
    },
  };
}
