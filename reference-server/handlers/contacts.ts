// v1 Contacts (§4.2): wrapped in `contact` / `contacts`; the rules and writes are contacts/contacts.ts's.
import { notFound } from '../../shared/errors.ts';
import { create, present, remove, search, update, type ContactInput } from '../contacts/contacts.ts';
import { ctxOf } from './crud.ts';
import type { Handler, Reply, Req } from './types.ts';

// The read-only fields a get's answer sent back carries (`id`, `hasPassword`, `created`) were dropped after
// validation (http/validation.ts dropReadOnly, D-09): they never reach the record.
const contactOf = (req: Req) => (req.body as { contact: ContactInput }).contact;

export async function createContact(req: Req): Promise<Reply> {
  const { baseUrl, services } = req;
  const contact = await create(ctxOf(req), baseUrl, contactOf(req), services.config.allowPrivateUrls);
  return { status: 201, body: { contact } };
}

/** Serves both `updateContact` (PUT) and `updateContactPost` (§4.2's second listing), hence the plain `Req`. */
export async function updateContact(req: Req): Promise<Reply> {
  const { baseUrl, services } = req;
  const id = Number(req.params.id);
  const contact = await update(ctxOf(req), id, baseUrl, contactOf(req), services.config.allowPrivateUrls);
  return { status: 200, body: { contact } };
}

export const getContact: Handler<'getContact'> = (req) => ({
  status: 200,
  body: { contact: present(ctxOf(req), Number(req.params.id), req.baseUrl) ?? notFound('id', 'contact') },
});

export const deleteContact: Handler<'deleteContact'> = (req) => {
  remove(ctxOf(req), Number(req.params.id), req.baseUrl);
  return { status: 204 };
};

/** D-11: `q`, `reference`, `email`, `leaveDate`, combined with AND; paged and ordered by id (D-03). */
export const searchContacts: Handler<'searchContacts'> = (req) => ({
  status: 200,
  body: { contacts: search(ctxOf(req), req.query, req.services.listSyntax, req.baseUrl) },
});
