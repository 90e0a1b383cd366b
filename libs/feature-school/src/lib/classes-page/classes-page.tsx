import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { usePrivileges } from '@vox/auth';
import { CLASS_LIMITS, CLASS_MESSAGES } from '@vox/contract/school';
import { Alert, Button, Page, Spinner } from '@vox/ui';
import { TextField } from '@vox/ui/forms';
import { href } from '@vox/variant';
import { useClasses, useCreateClass } from '../api/classes';
import { ClassCards } from './class-cards';
import '@vox/ui/page-kit';
import '../shared/school.css';
import '../shared/classes.css';

/** /classes: the classes I teach or am in; teachers create one here. */
export function ClassesPage() {
  const classes = useClasses();
  const { has } = usePrivileges();
  const teacher = has('teach');
  const list = classes.data?.classes ?? [];
  const active = list.filter((c) => !c.archived);
  const archived = list.filter((c) => c.archived);

  return (
    <Page>
      <h1 className="vox-page-title vox-page-title--plain">Classes</h1>
      <p className="vox-page-lead vox-page-lead--end vox-school-lead">
        {teacher ? 'Create a class, enrol your students and assign scenes to read.' : 'The classes you are in. Open one to see its assignments.'}
      </p>
      {teacher && <CreateClassForm />}
      {classes.isPending ? (
        <Spinner label="Loading classes" />
      ) : classes.isError ? (
        <Alert variant="error">{classes.error.message}</Alert>
      ) : (
        <>
          <section className="vox-class-section" aria-labelledby="vox-classes-current">
            <h2 id="vox-classes-current">Current classes</h2>
            <ClassCards classes={active} empty={teacher ? 'No classes yet. Create your first one above.' : 'You are not in a class yet. Your teacher adds you.'} />
          </section>
          {archived.length > 0 && (
            <section className="vox-class-section" aria-labelledby="vox-classes-archived">
              <h2 id="vox-classes-archived">Archived</h2>
              <ClassCards classes={archived} empty="" />
            </section>
          )}
        </>
      )}
    </Page>
  );
}

function CreateClassForm() {
  const navigate = useNavigate();
  const create = useCreateClass();
  const [name, setName] = useState('');
  const [term, setTerm] = useState('');
  const [description, setDescription] = useState('');
  const [nameError, setNameError] = useState<string | undefined>();

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!name.trim()) {
      setNameError(CLASS_MESSAGES.nameMissing);
      return;
    }
    setNameError(undefined);
    create.mutate({ name, term, description }, { onSuccess: (created) => navigate(href('class', { classId: created.id })) });
  };

  return (
    <section className="vox-card vox-school-card" aria-labelledby="vox-class-create">
      <h2 id="vox-class-create">New class</h2>
      <form className="vox-stack" onSubmit={submit} noValidate>
        <div className="vox-field-row">
          <TextField label="Class name" value={name} onChange={(e) => setName(e.target.value)} error={nameError} maxLength={CLASS_LIMITS.name} hint="For example: Drama 9B." />
          <TextField label="Term" value={term} onChange={(e) => setTerm(e.target.value)} maxLength={CLASS_LIMITS.term} hint="For example: Spring 2027 (optional)." />
        </div>
        <div>
          <label className="vox-field__label" htmlFor="vox-class-description">
            Description (optional)
          </label>
          <textarea className="vox-textarea" id="vox-class-description" value={description} onChange={(e) => setDescription(e.target.value)} maxLength={CLASS_LIMITS.description} />
        </div>
        {create.isError && <Alert variant="error">{create.error.message}</Alert>}
        <div>
          <Button type="submit" busy={create.isPending}>
            Create class
          </Button>
        </div>
      </form>
    </section>
  );
}
