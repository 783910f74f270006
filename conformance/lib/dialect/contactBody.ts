// `contactBody`: whether contact bodies and answers are inside `{"contact": …}` (D-11, the platform's) or are the
// contact itself; requests and answers one way, or each its own.
import { deref, op } from '../contract.ts';
import { isObject, isSuccess, requestWrapperOf, type Descriptor } from './core.ts';

declare module './core.ts' {
  interface Dialect {
    /** Contact bodies and answers: inside `{"contact": …}` (D-11, the platform's) or the contact itself (`none`). */
    contactBody: 'contact' | 'none';
    /** Contact answers: inside `{"contact": …}` or bare; `contactBody` gives both, or `{ request, answer }` each. */
    contactAnswer: 'contact' | 'none';
  }
}

type Form = 'contact' | 'none';
const isForm = (v: unknown): v is Form => v === 'contact' || v === 'none';

/** The contact operations whose 2xx answers our contract wraps in `contact`, from the document's examples. */
const wrapsAnswer = (operationId: string, status: number): boolean => {
  const response = op(operationId).responses[String(status)];
  const ex = response && deref(response).content?.['application/json']?.example;
  return !!ex && typeof ex === 'object' && 'contact' in ex;
};

export const descriptor: Descriptor<'contactBody'> = {
  key: 'contactBody',
  accepts: '`contact` or `none` (requests and answers), or `{ request, answer }`, each `contact` or `none`',
  decision: 'D-11',
  readme: {
    takes:
      '`contact` or `none`: contact bodies and answers inside `{"contact": …}` (ours), or the contact itself; or `{ request, answer }`, each `contact` or `none` (a target that wraps its contact requests but answers bare, or the other way)',
  },
  default: { contactBody: 'contact', contactAnswer: 'contact' },
  read(value) {
    if (isForm(value)) return { contactBody: value, contactAnswer: value };
    if (!isObject(value) || !Object.keys(value).every((k) => k === 'request' || k === 'answer')) return undefined;
    if (!Object.values(value).every(isForm)) return undefined;
    return { contactBody: (value.request as Form) ?? 'contact', contactAnswer: (value.answer as Form) ?? 'contact' };
  },
  request: {
    wrapper: (d, _operationId, wrapper) => (wrapper === 'contact' && d.contactBody === 'none' ? undefined : wrapper),
  },
  answer: {
    // A bare contact is put in our wrapper for the requirement to read.
    envelope: (d, { operationId, status, body }) =>
      isSuccess(status) && d.contactAnswer === 'none' && wrapsAnswer(operationId, status) && !('contact' in body)
        ? { contact: body }
        : body,
  },
  assumedByCreate: (loaded, operationId) =>
    requestWrapperOf(operationId) === 'contact' && !loaded.stated.has('contactBody')
      ? { key: 'contactBody', decisions: [descriptor.decision] }
      : undefined,
};
