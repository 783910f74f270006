// Searching contacts (§7, D-11): one requirement per filter parameter of the document, plus the free-text q; a
// search without matches, a date that is no date. The search and its parameters are the platform's (D-11).
import { expect, requirement } from '../../lib/requirement.ts';
import { expect422 } from '../../lib/expectations.ts';
import { op, type Json } from '../../lib/contract.ts';
import { contactsIn, create, uid } from '../../lib/fixtures.ts';
import { dateFields, digits } from './shared.ts';

const searchOp = op('searchContacts');
const exactFilters = searchOp.parameters.filter((p) => p['x-filter']?.op === 'eq');
/** A fresh value for a contact field that a search can find only on this test's contact. */
const freshValue = (field: string): string =>
  field === 'email'
    ? `${uid('find')}@example.com`
    : dateFields.includes(field)
      ? `2${digits(3).padStart(3, '1')}-0${1 + Math.floor(Math.random() * 9)}-1${Math.floor(Math.random() * 9)}`
      : uid(field);

for (const p of exactFilters) {
  const f = p['x-filter']!;
  requirement(`searchContacts.filter.${p.name}`, 'D-11', { platform: true }).test(
    `${p.name} finds the contacts whose ${f.field} equals it${f.caseInsensitive ? ' (case-insensitively)' : ''}`,
    async ({ api }) => {
      const value = freshValue(f.field);
      const c = await create(api, 'createContact', { [f.field]: value });
      const other = await create(api, 'createContact');
      const res = await api.call('searchContacts', {
        query: { [p.name]: f.caseInsensitive ? value.toUpperCase() : value },
      });
      expect(res.status).toBe(200);
      const found = contactsIn(res);
      const ids = found.map((x: Json) => x?.id);
      expect(ids).toContain(c.id);
      expect(ids).not.toContain(other.id);
      for (const x of found)
        expect(f.caseInsensitive ? String(x?.[f.field]).toLowerCase() : x?.[f.field]).toBe(
          f.caseInsensitive ? value.toLowerCase() : value,
        );
    },
  );
}
requirement('searchContacts.q', 'D-11', { platform: true }).test(
  'q finds contacts by a case-insensitive substring of firstname, lastname, email or company',
  async ({ api }) => {
    const token = Array.from({ length: 10 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('');
    const byField = await Promise.all(
      ['firstname', 'lastname', 'company'].map((f) => create(api, 'createContact', { [f]: `Pre${token}post` })),
    );
    const byEmail = await create(api, 'createContact', { email: `x.${token}@example.com` });
    const res = await api.call('searchContacts', { query: { q: token.slice(1, 9).toUpperCase() } });
    expect(res.status).toBe(200);
    expect(
      contactsIn(res)
        .map((x: Json) => x?.id)
        .sort(),
    ).toEqual([...byField, byEmail].map((x) => x.id).sort());
  },
);
requirement('searchContacts.empty', '§7 D-11', { platform: true }).test(
  'a search without matches answers 200 with contacts: []',
  async ({ api }) => {
    const res = await api.call('searchContacts', { query: { q: uid('nothing-matches') } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ contacts: [] });
  },
);
requirement('searchContacts.bad-date', 'D-11 D-02').test(
  'a leaveDate that is not yyyy-mm-dd is a 422 naming leaveDate',
  async ({ api }) => {
    expect422(await api.call('searchContacts', { query: { leaveDate: '31/12/2026' } }), { name: 'leaveDate' });
  },
);
