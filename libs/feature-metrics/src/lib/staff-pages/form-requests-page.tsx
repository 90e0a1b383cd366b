import { useSearchParams } from 'react-router';
import { useId } from 'react';
import { Alert, Page, Spinner } from '@vox/ui';
import { useFormRequests } from '../api/staff';
import { StaffPageHead } from './staff-nav';
import { when } from './when';
import './staff-pages.css';

type Kind = 'contact' | 'pilot';
const KIND_NAMES: Record<Kind, string> = { contact: 'Contact', pilot: 'Pilot programme' };

export const FORM_REQUESTS_TEXTS = {
  title: 'Requests',
  lead: 'What people sent through the contact and pilot programme forms, newest first.',
  none: 'Nobody has sent a request yet.',
  noneOfKind: 'No request of this kind yet.',
} as const;

const label = (key: string) => {
  const words = key.replace(/([a-z])([A-Z])/g, '$1 $2').replace(/[_-]+/g, ' ').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
};

/** Staff: contact and pilot-programme requests (GET /api/forms/requests); the kind lives in the URL. */
export default function FormRequestsPage() {
  const [search, setSearch] = useSearchParams();
  const raw = search.get('kind');
  const kind: Kind | undefined = raw === 'contact' || raw === 'pilot' ? raw : undefined;
  const filterId = useId();
  const requests = useFormRequests(kind);
  return (
    <Page width="wide" className="vox-staff">
      <StaffPageHead title={FORM_REQUESTS_TEXTS.title} lead={FORM_REQUESTS_TEXTS.lead}>
        <label className="vox-staff__filter" htmlFor={filterId}>
          <span>Form</span>
          <select
            id={filterId}
            value={kind ?? ''}
            onChange={(e) => setSearch(e.target.value ? { kind: e.target.value } : {}, { replace: true })}
          >
            <option value="">All forms</option>
            <option value="contact">{KIND_NAMES.contact}</option>
            <option value="pilot">{KIND_NAMES.pilot}</option>
          </select>
        </label>
      </StaffPageHead>
      {requests.isPending ? (
        <Spinner label="Loading requests" />
      ) : requests.isError ? (
        <Alert>{requests.error.message}</Alert>
      ) : requests.data.requests.length === 0 ? (
        <p>{kind ? FORM_REQUESTS_TEXTS.noneOfKind : FORM_REQUESTS_TEXTS.none}</p>
      ) : (
        <ul className="vox-staff__list" aria-label="Requests">
          {requests.data.requests.map((r) => (
            <li key={r.id} className="vox-staff__item">
              <h2 className="vox-staff__item-head">
                <span>
                  {KIND_NAMES[r.kind]}: {r.name}
                </span>
                <time className="vox-staff__meta" dateTime={r.createdAt}>
                  {when(r.createdAt)}
                </time>
              </h2>
              <p className="vox-staff__meta">
                <a href={`mailto:${r.email}`}>{r.email}</a>
                {r.userId ? ' · signed in when sent' : ''}
              </p>
              <dl className="vox-staff__fields">
                {Object.entries(r.fields)
                  .filter(([, value]) => value !== null && value !== '')
                  .map(([key, value]) => (
                    <div key={key} className="vox-staff__field">
                      <dt>{label(key)}</dt>
                      <dd>{String(value)}</dd>
                    </div>
                  ))}
              </dl>
            </li>
          ))}
        </ul>
      )}
    </Page>
  );
}
