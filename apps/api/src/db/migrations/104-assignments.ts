import type { Kysely, Migration } from 'kysely';

/**
 * Assignments on recorded reads: a script for a class with a due date; one
 * piece of work per student, each tied to a reading session (students of one group share one);
 * the teacher's comments on the work, a line, or a time in a take. A class certificate is
 * issued once per student.
 */
export const assignments: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('assignments')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('class_id', 'text', (c) => c.notNull().references('classes.id').onDelete('cascade'))
      .addColumn('script_id', 'text', (c) => c.notNull().references('scripts.id').onDelete('cascade'))
      .addColumn('instructions', 'text', (c) => c.notNull())
      .addColumn('due_at', 'text', (c) => c.notNull())
      .addColumn('created_by', 'text', (c) => c.references('users.id').onDelete('set null'))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('assignments_class_idx').on('assignments').columns(['class_id', 'due_at']).execute();
    await db.schema
      .createTable('assignment_work')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('assignment_id', 'text', (c) => c.notNull().references('assignments.id').onDelete('cascade'))
      .addColumn('student_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('role_name', 'text', (c) => c.notNull())
      .addColumn('session_id', 'text', (c) => c.notNull().references('reading_sessions.id').onDelete('cascade'))
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('submitted_at', 'text')
      .addColumn('reviewed_at', 'text')
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('assignment_work_student_key').on('assignment_work').columns(['assignment_id', 'student_id']).unique().execute();
    await db.schema.createIndex('assignment_work_session_idx').on('assignment_work').columns(['session_id']).execute();
    await db.schema.createIndex('assignment_work_student_idx').on('assignment_work').columns(['student_id', 'status']).execute();
    await db.schema
      .createTable('work_comments')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('work_id', 'text', (c) => c.notNull().references('assignment_work.id').onDelete('cascade'))
      .addColumn('author_id', 'text', (c) => c.references('users.id').onDelete('set null'))
      .addColumn('line_id', 'text')
      .addColumn('take_id', 'text')
      .addColumn('at_ms', 'integer')
      .addColumn('body', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('work_comments_work_idx').on('work_comments').columns(['work_id', 'created_at']).execute();
    // One certificate per student and class.
    await db.schema.createIndex('certificates_class_recipient_key').on('certificates').columns(['class_id', 'recipient_id']).unique().execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropIndex('certificates_class_recipient_key').execute();
    await db.schema.dropTable('work_comments').execute();
    await db.schema.dropTable('assignment_work').execute();
    await db.schema.dropTable('assignments').execute();
  },
};
