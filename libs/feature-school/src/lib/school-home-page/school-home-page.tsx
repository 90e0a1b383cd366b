import { Link } from 'react-router';
import { displayName } from '@vox/contract';
import { useUser } from '@vox/auth';
import { Alert, buttonClassName, Page, Spinner } from '@vox/ui';
import { href } from '@vox/variant';
import { useSchoolHome } from '../api/classes';
import { WorkRow } from '../shared/work-bits';
import { ClassCards } from '../classes-page/class-cards';
import '@vox/ui/page-kit';
import '../shared/school.css';
import '../shared/classes.css';

/**
 * The school site's / for a signed-in school user: a student's classes, work due and feedback;
 * a teacher's classes and the work waiting for review.
 */
export function SchoolHomePage() {
  const user = useUser();
  const home = useSchoolHome();
  const firstName = user ? displayName(user).split(' ')[0] : '';

  return (
    <Page>
      <h1 className="vox-page-title vox-page-title--plain">Welcome back{firstName && firstName !== 'Guest' ? `, ${firstName}` : ''}</h1>
      {home.isPending ? (
        <Spinner label="Loading your classes" />
      ) : home.isError ? (
        <Alert variant="error">{home.error.message}</Alert>
      ) : (
        <>
          <p className="vox-page-lead vox-page-lead--end vox-school-lead">
            {home.data.teaching ? 'Your classes and the readings your students have handed in.' : 'Your classes, what is due and what your teachers said.'}
          </p>
          {home.data.teaching ? (
            <section className="vox-class-section" aria-labelledby="vox-home-review">
              <h2 id="vox-home-review">Needs review</h2>
              {home.data.review.length === 0 ? (
                <p className="vox-class-none">Nothing is waiting for you. Submitted readings appear here.</p>
              ) : (
                <ul className="vox-stack vox-stack--tight vox-class-works">
                  {home.data.review.map((w) => (
                    <WorkRow key={w.id} work={w} showStudent />
                  ))}
                </ul>
              )}
            </section>
          ) : (
            <>
              <section className="vox-class-section" aria-labelledby="vox-home-due">
                <h2 id="vox-home-due">Due</h2>
                {home.data.due.length === 0 ? (
                  <p className="vox-class-none">Nothing due. New assignments appear here.</p>
                ) : (
                  <ul className="vox-stack vox-stack--tight vox-class-works">
                    {home.data.due.map((w) => (
                      <WorkRow key={w.id} work={w} />
                    ))}
                  </ul>
                )}
              </section>
              <section className="vox-class-section" aria-labelledby="vox-home-feedback">
                <h2 id="vox-home-feedback">Feedback</h2>
                {home.data.feedback.length === 0 ? (
                  <p className="vox-class-none">No feedback yet. Your teacher's comments appear here and in Messages.</p>
                ) : (
                  <ul className="vox-stack vox-stack--tight vox-class-works">
                    {home.data.feedback.map((w) => (
                      <WorkRow key={w.id} work={w} showComments />
                    ))}
                  </ul>
                )}
              </section>
            </>
          )}
          <section className="vox-class-section" aria-labelledby="vox-home-classes">
            <div className="vox-class-section__head">
              <h2 id="vox-home-classes">Your classes</h2>
              <Link to={href('classes')} className={buttonClassName({ variant: 'secondary', size: 'sm' })}>
                {home.data.teaching ? 'Manage classes' : 'All classes'}
              </Link>
            </div>
            <ClassCards classes={home.data.classes} empty={home.data.teaching ? 'No classes yet. Create one on the Classes page.' : 'You are not in a class yet.'} />
          </section>
        </>
      )}
    </Page>
  );
}
