import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import type { EventSummary } from '@vox/contract/events';
import { Alert, Button } from '@vox/ui';
import { TextField, useFocusFirstInvalid } from '@vox/ui/forms';
import { href } from '@vox/variant';
import { useCreateEvent } from '../api/events';
import { COMMON_ZONES, zonedToUtc } from './format';

type Field = 'title' | 'date' | 'start' | 'end' | 'place' | 'onlineUrl' | 'capacity';
const EMPTY = { title: '', description: '', date: '', start: '18:00', end: '20:00', place: '', onlineUrl: '', capacity: '20' };

/** The texts shown under each field when it is wrong. */
export const EVENT_FORM_TEXTS = {
  title: 'Please give the event a title.',
  date: 'Please choose the day of the event.',
  start: 'Please give a start time.',
  end: 'The event must end after it starts.',
  place: 'Please give a place or an online link.',
  onlineUrl: 'The online link must start with https:// or http://.',
  capacity: 'Seats must be a whole number from 1 to 10000.',
} as const;

function browserZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}

/** Staff only (the server checks too): a new event, in the zone it is held in. */
export function CreateEventForm() {
  const create = useCreateEvent();
  const ownZone = browserZone();
  const zones = COMMON_ZONES.includes(ownZone) ? COMMON_ZONES : [ownZone, ...COMMON_ZONES];
  const [values, setValues] = useState({ ...EMPTY, timeZone: ownZone });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [created, setCreated] = useState<EventSummary | null>(null);
  const { ref: formRef, focusFirstInvalid } = useFocusFirstInvalid();
  const set = (key: keyof typeof values) => (e: { target: { value: string } }) => setValues((v) => ({ ...v, [key]: e.target.value }));

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setCreated(null);
    const problems: Partial<Record<Field, string>> = {};
    if (!values.title.trim()) problems.title = EVENT_FORM_TEXTS.title;
    if (!values.date) problems.date = EVENT_FORM_TEXTS.date;
    if (!values.start) problems.start = EVENT_FORM_TEXTS.start;
    const startsAt = values.date && values.start ? zonedToUtc(values.date, values.start, values.timeZone) : null;
    const endsAt = values.date && values.end ? zonedToUtc(values.date, values.end, values.timeZone) : null;
    if (startsAt && (!endsAt || endsAt <= startsAt)) problems.end = EVENT_FORM_TEXTS.end;
    if (!values.place.trim() && !values.onlineUrl.trim()) problems.place = EVENT_FORM_TEXTS.place;
    if (values.onlineUrl.trim() && !/^https?:\/\/\S+$/.test(values.onlineUrl.trim())) problems.onlineUrl = EVENT_FORM_TEXTS.onlineUrl;
    const capacity = Number(values.capacity);
    if (!Number.isInteger(capacity) || capacity < 1 || capacity > 10000) problems.capacity = EVENT_FORM_TEXTS.capacity;
    setErrors(problems);
    if (Object.keys(problems).length > 0) focusFirstInvalid();
    if (Object.keys(problems).length > 0 || !startsAt || !endsAt) return;
    create.mutate(
      {
        title: values.title.trim(),
        description: values.description.trim(),
        startsAt,
        endsAt,
        timeZone: values.timeZone,
        place: values.place.trim() || null,
        onlineUrl: values.onlineUrl.trim() || null,
        capacity,
      },
      {
        onSuccess: (event) => {
          setCreated(event);
          setValues({ ...EMPTY, timeZone: values.timeZone });
        },
      },
    );
  };

  return (
    <form ref={formRef} className="vox-event-form" onSubmit={submit} noValidate aria-label="New event">
      <TextField label="Title" value={values.title} onChange={set('title')} error={errors.title} maxLength={120} />
      <div>
        <label className="vox-event-form__label" htmlFor="vox-event-description">
          Description
        </label>
        <textarea id="vox-event-description" className="vox-textarea" value={values.description} onChange={set('description')} maxLength={5000} />
      </div>
      <div className="vox-event-form__row">
        <TextField label="Day" type="date" value={values.date} onChange={set('date')} error={errors.date} />
        <TextField label="Starts" type="time" value={values.start} onChange={set('start')} error={errors.start} />
        <TextField label="Ends" type="time" value={values.end} onChange={set('end')} error={errors.end} />
        <div className="vox-field">
          <label className="vox-field__label" htmlFor="vox-event-zone">
            Time zone
          </label>
          <div className="vox-field__control">
            <select id="vox-event-zone" className="vox-input vox-field__input" value={values.timeZone} onChange={set('timeZone')}>
              {zones.map((zone) => (
                <option key={zone} value={zone}>
                  {zone}
                </option>
              ))}
            </select>
          </div>
        </div>
      </div>
      <div className="vox-event-form__row">
        <TextField label="Place" value={values.place} onChange={set('place')} error={errors.place} maxLength={200} hint="An address, or leave empty for an online event." />
        <TextField label="Online link" type="url" value={values.onlineUrl} onChange={set('onlineUrl')} error={errors.onlineUrl} maxLength={500} />
        <TextField label="Seats" type="number" min={1} max={10000} value={values.capacity} onChange={set('capacity')} error={errors.capacity} />
      </div>
      {create.isError && <Alert variant="error">{create.error.message}</Alert>}
      {created && (
        <Alert variant="success">
          Event created: <Link to={href('event', { eventId: created.id })}>{created.title}</Link>
        </Alert>
      )}
      <div>
        <Button type="submit" busy={create.isPending}>
          Create event
        </Button>
      </div>
    </form>
  );
}
