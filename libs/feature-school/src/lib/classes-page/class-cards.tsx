import { Link } from 'react-router';
import { displayName } from '@vox/contract';
import type { ClassSummary } from '@vox/contract/school';
import { href } from '@vox/variant';

export function ClassCards({ classes, empty }: { classes: ClassSummary[]; empty: string }) {
  if (classes.length === 0) return <p className="vox-class-none">{empty}</p>;
  return (
    <ul className="vox-stack vox-stack--tight vox-class-cards">
      {classes.map((c) => (
        <li key={c.id} className={c.archived ? 'vox-class-card vox-class-card--archived' : 'vox-class-card'}>
          <h3>
            <Link to={href('class', { classId: c.id })}>{c.name}</Link>
          </h3>
          <p className="vox-meta vox-class-card__meta">
            {[c.term, c.teaching ? 'You teach' : `Teacher: ${displayName(c.teacher)}`, `${c.studentCount} ${c.studentCount === 1 ? 'student' : 'students'}`].filter(Boolean).join(' · ')}
          </p>
          {c.archived && <span className="vox-class-status vox-class-status--archived">Archived</span>}
        </li>
      ))}
    </ul>
  );
}
