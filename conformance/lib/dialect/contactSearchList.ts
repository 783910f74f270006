// `contactSearchList`: where the contact search answer holds its list (D-11's `contacts`).
import { at, isPointer, isSuccess, type Descriptor } from './core.ts';

declare module './core.ts' {
  interface Dialect {
    /** Where the contact search answer holds its list: a JSON pointer (`/contacts`; `` for a bare array). */
    contactSearchList: string;
  }
}

export const descriptor: Descriptor<'contactSearchList'> = {
  key: 'contactSearchList',
  accepts: 'a JSON pointer (`/contacts`, or `` for a bare array)',
  decision: 'D-11',
  readme: {
    takes:
      'a JSON pointer: where the contact search answer holds its list (ours `/contacts`; an empty pointer for a bare array)',
  },
  default: { contactSearchList: '/contacts' },
  read: (value) => (isPointer(value) ? { contactSearchList: value as string } : undefined),
  answer: {
    // The list put at `contacts`, where the requirement reads it.
    envelope: (d, { operationId, status, body }) =>
      isSuccess(status) && operationId === 'searchContacts' && d.contactSearchList !== '/contacts'
        ? { ...(Array.isArray(body) ? {} : body), contacts: at(body, d.contactSearchList) }
        : body,
  },
};
