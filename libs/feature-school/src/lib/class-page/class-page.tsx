import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { displayName } from '@vox/contract';
import { WORK_STATUS_LABELS, type ClassDetail } from '@vox/contract/school';
import { Alert, Button, Page, Spinner } from '@vox/ui';
import { href } from '@vox/variant';
import { useClass, useClassActions } from '../api/classes';
import { certificateDate, dueText } from '../shared/dates';
import { StatusChip } from '../shared/work-bits';
import { AssignForm } from './assign-form';
import { EnrolPanel } from './enrol-panel';
import '@vox/ui/page-kit';
import '../shared/school.css';
import '../shared/classes.css';

/** /classes/{classId}: the teacher manages students, assignments and certificates; a student sees classmates and their work. */
export function ClassPage() {
  const { classId = '' } = useParams();
  const cls = useClass(classId);

  return (
    <Page>
      <p className="vox-class-crumb">
        <Link to={href('classes')}>Classes</Link>
      </p>
        {cls.isPending ? (
          <Spinner label="Loading the class" />
        ) : cls.isError ? (
          <Alert variant="error">{cls.error.message}</Alert>
        ) : cls.data.teaching ? (
          <TeacherView cls={cls.data} />
        ) : (
          <StudentView cls={cls.data} />
        )}
    </Page>
  );
}

function Heading({ cls }: { cls: ClassDetail }) {
  return (
    <>
      <h1 className="vox-page-title vox-page-title--plain">
        {cls.name}
        {cls.archived && <span className="vox-class-status vox-class-status--archived">Archived</span>}
      </h1>
      <p className="vox-meta vox-class-card__meta">{[cls.term, `Teacher: ${displayName(cls.teacher)}`].filter(Boolean).join(' · ')}</p>
      {cls.description && <p className="vox-page-lead vox-page-lead--end vox-school-lead">{cls.description}</p>}
    </>
  );
}

function StudentView({ cls }: { cls: ClassDetail }) {
  return (
    <>
      <Heading cls={cls} />
      <section className="vox-class-section" aria-labelledby="vox-class-assignments">
        <h2 id="vox-class-assignments">Your assignments</h2>
        {cls.assignments.length === 0 ? (
          <p className="vox-class-none">No assignments yet.</p>
        ) : (
          <ul className="vox-stack vox-stack--tight vox-class-works">
            {cls.assignments.map((a) => (
              <li key={a.id} className="vox-class-work">
                <div className="vox-class-work__main">
                  <h3>
                    <Link to={href('assignment', { assignmentId: a.id })}>{a.scriptTitle}</Link>
                  </h3>
                  <p className="vox-class-work__meta">
                    You read {a.mine?.role} · due {dueText(a.dueAt)}
                  </p>
                </div>
                <div className="vox-class-work__side">{a.mine && <StatusChip status={a.mine.status} />}</div>
              </li>
            ))}
          </ul>
        )}
      </section>
      {cls.certificates.length > 0 && (
        <section className="vox-class-section" aria-labelledby="vox-class-certificate">
          <h2 id="vox-class-certificate">Your certificate</h2>
          {cls.certificates.map((c) => (
            <p key={c.id}>
              <Link to={href('certificate', { certId: c.id })}>Certificate of {certificateDate(c.issuedAt)}</Link>
              {c.status === 'revoked' && <span className="vox-chip vox-chip--danger vox-school-chip">Revoked</span>}
            </p>
          ))}
        </section>
      )}
      <section className="vox-class-section" aria-labelledby="vox-class-mates">
        <h2 id="vox-class-mates">Classmates</h2>
        <ul className="vox-class-names">
          {cls.students.map((s) => (
            <li key={s.person.id}>{displayName(s.person)}</li>
          ))}
        </ul>
      </section>
    </>
  );
}

function TeacherView({ cls }: { cls: ClassDetail }) {
  const actions = useClassActions(cls.id);
  const [confirmRemove, setConfirmRemove] = useState<string | null>(null);
  const certificateOf = (userId: string) => cls.certificates.find((c) => c.recipientId === userId);
  const lastError = [actions.archive, actions.remove, actions.certify, actions.revoke].find((m) => m.isError)?.error?.message;

  return (
    <>
      <div className="vox-class-section__head">
        <div>
          <Heading cls={cls} />
        </div>
        <Button variant="secondary" size="sm" busy={actions.archive.isPending} onClick={() => actions.archive.mutate(!cls.archived)}>
          {cls.archived ? 'Restore class' : 'Archive class'}
        </Button>
      </div>
      {lastError && <Alert variant="error">{lastError}</Alert>}

      <section className="vox-class-section" aria-labelledby="vox-class-students">
        <h2 id="vox-class-students">Students ({cls.students.length})</h2>
        {cls.students.length === 0 ? (
          <p className="vox-class-none">No students yet. Add them below from a list or by email.</p>
        ) : (
          <div className="vox-class-table-wrap">
            <table className="vox-class-table">
              <thead>
                <tr>
                  <th scope="col">Name</th>
                  <th scope="col">User ID</th>
                  <th scope="col">Certificate</th>
                  <th scope="col">
                    <span className="vox-visually-hidden">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {cls.students.map((s) => {
                  const name = displayName(s.person);
                  const cert = certificateOf(s.person.id);
                  return (
                    <tr key={s.person.id}>
                      <th scope="row">{name}</th>
                      <td>
                        {s.loginId ?? '—'}
                        {s.passwordSet === false && <span className="vox-class-note"> (no password yet)</span>}
                      </td>
                      <td>
                        {cert ? (
                          <span className="vox-class-cert">
                            <Link to={href('certificate', { certId: cert.id })} aria-label={`Certificate of ${name}`}>
                              {cert.status === 'revoked' ? 'Revoked' : 'Issued'} {certificateDate(cert.issuedAt)}
                            </Link>
                            {cert.status === 'valid' && (
                              <Button variant="link" size="sm" onClick={() => actions.revoke.mutate(cert.id)} aria-label={`Revoke the certificate of ${name}`}>
                                Revoke
                              </Button>
                            )}
                          </span>
                        ) : (
                          <Button variant="secondary" size="sm" busy={actions.certify.isPending && actions.certify.variables === s.person.id} onClick={() => actions.certify.mutate(s.person.id)} aria-label={`Issue a certificate to ${name}`}>
                            Issue certificate
                          </Button>
                        )}
                      </td>
                      <td className="vox-class-table__actions">
                        {confirmRemove === s.person.id ? (
                          <>
                            <Button variant="primary" size="sm" onClick={() => actions.remove.mutate(s.person.id, { onSettled: () => setConfirmRemove(null) })} aria-label={`Yes, remove ${name}`}>
                              Remove
                            </Button>
                            <Button variant="link" size="sm" onClick={() => setConfirmRemove(null)}>
                              Keep
                            </Button>
                          </>
                        ) : (
                          <Button variant="link" size="sm" onClick={() => setConfirmRemove(s.person.id)} aria-label={`Remove ${name} from the class`}>
                            Remove
                          </Button>
                        )}
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
        )}
      </section>

      {!cls.archived && <EnrolPanel cls={cls} />}

      <section className="vox-class-section" aria-labelledby="vox-class-assignments">
        <h2 id="vox-class-assignments">Assignments</h2>
        {cls.assignments.length === 0 ? (
          <p className="vox-class-none">No assignments yet.</p>
        ) : (
          <ul className="vox-stack vox-stack--tight vox-class-works">
            {cls.assignments.map((a) => (
              <li key={a.id} className="vox-class-work">
                <div className="vox-class-work__main">
                  <h3>
                    <Link to={href('assignment', { assignmentId: a.id })}>{a.scriptTitle}</Link>
                  </h3>
                  <p className="vox-class-work__meta">Due {dueText(a.dueAt)}</p>
                </div>
                {a.counts && (
                  <p className="vox-meta vox-class-work__counts">
                    {(['submitted', 'complete', 'returned', 'assigned'] as const)
                      .filter((k) => (a.counts as Record<string, number>)[k] > 0)
                      .map((k) => `${(a.counts as Record<string, number>)[k]} ${WORK_STATUS_LABELS[k].toLowerCase()}`)
                      .join(' · ')}
                  </p>
                )}
              </li>
            ))}
          </ul>
        )}
        {!cls.archived && cls.students.length > 0 && <AssignForm cls={cls} />}
      </section>
    </>
  );
}
