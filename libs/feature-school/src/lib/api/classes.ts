import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@vox/api-client';
import { useUser } from '@vox/auth';
import { schoolEndpoints } from '@vox/contract/school';
import { scriptEndpoints } from '@vox/contract/scripts';
import type { AssignmentInput, ClassDetail, ClassInput, CommentInput, ReviewInput } from '@vox/contract/school';

/** React Query keys of classes and assignments; every change invalidates `all`. */
const classKeys = {
  all: ['school'] as const,
  home: (viewer: string | null) => ['school', 'home', viewer] as const,
  list: (viewer: string | null) => ['school', 'classes', viewer] as const,
  one: (classId: string, viewer: string | null) => ['school', 'class', classId, viewer] as const,
  assignment: (assignmentId: string, viewer: string | null) => ['school', 'assignment', assignmentId, viewer] as const,
  scripts: (viewer: string | null) => ['school', 'scripts', viewer] as const,
  script: (scriptId: string | null) => ['school', 'script', scriptId] as const,
};

const useViewerId = () => useUser()?.id ?? null;

export function useSchoolHome() {
  const viewer = useViewerId();
  return useQuery({ queryKey: classKeys.home(viewer), queryFn: () => api.call(schoolEndpoints.schoolHome), enabled: viewer !== null });
}

export function useClasses() {
  const viewer = useViewerId();
  return useQuery({ queryKey: classKeys.list(viewer), queryFn: () => api.call(schoolEndpoints.classes), enabled: viewer !== null });
}

export function useClass(classId: string) {
  const viewer = useViewerId();
  return useQuery({ queryKey: classKeys.one(classId, viewer), queryFn: () => api.call(schoolEndpoints.schoolClass, { params: { classId } }), enabled: viewer !== null, retry: false });
}

export function useAssignment(assignmentId: string) {
  const viewer = useViewerId();
  return useQuery({
    queryKey: classKeys.assignment(assignmentId, viewer),
    queryFn: () => api.call(schoolEndpoints.assignment, { params: { assignmentId } }),
    enabled: viewer !== null,
    retry: false,
  });
}

/** A mutation whose success refreshes every school query (lists, counts and the home page move together). */
function useSchoolMutation<I, O>(fn: (input: I) => Promise<O>, onDone?: (answer: O) => void) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: async (answer) => {
      onDone?.(answer);
      await client.invalidateQueries({ queryKey: classKeys.all });
    },
  });
}

export function useCreateClass() {
  return useSchoolMutation((body: ClassInput) => api.call(schoolEndpoints.createClass, { body }));
}

export function useClassActions(classId: string) {
  const client = useQueryClient();
  const viewer = useViewerId();
  const put = (detail: ClassDetail) => client.setQueryData(classKeys.one(classId, viewer), detail);
  return {
    archive: useSchoolMutation((archived: boolean) => api.call(schoolEndpoints.updateClass, { params: { classId }, body: { archived } }), put),
    enrol: useSchoolMutation((csv: string) => api.call(schoolEndpoints.enrolFromCsv, { params: { classId }, body: { csv } })),
    invite: useSchoolMutation((email: string) => api.call(schoolEndpoints.inviteToClass, { params: { classId }, body: { email } })),
    remove: useSchoolMutation((userId: string) => api.call(schoolEndpoints.removeFromClass, { params: { classId, userId } })),
    newCode: useSchoolMutation((userId: string) => api.call(schoolEndpoints.newSetupCode, { params: { classId, userId } })),
    assign: useSchoolMutation((body: AssignmentInput) => api.call(schoolEndpoints.createAssignment, { params: { classId }, body })),
    certify: useSchoolMutation((studentId: string) => api.call(schoolEndpoints.issueClassCertificate, { params: { classId }, body: { studentId } })),
    revoke: useSchoolMutation((certId: string) => api.call(schoolEndpoints.revokeCertificate, { params: { certId } })),
  };
}

export function useWorkActions() {
  return {
    submit: useSchoolMutation((workId: string) => api.call(schoolEndpoints.submitWork, { params: { workId } })),
    comment: useSchoolMutation(({ workId, ...body }: CommentInput & { workId: string }) => api.call(schoolEndpoints.commentOnWork, { params: { workId }, body })),
    review: useSchoolMutation(({ workId, ...body }: ReviewInput & { workId: string }) => api.call(schoolEndpoints.reviewWork, { params: { workId }, body })),
  };
}

/** The scripts I may read (mine, friends', public), to choose one for an assignment. */
export function useMyScripts() {
  const viewer = useViewerId();
  return useQuery({
    queryKey: classKeys.scripts(viewer),
    queryFn: () => api.call(scriptEndpoints.scripts, { query: { scope: 'all', pageSize: 100 } }),
    enabled: viewer !== null,
  });
}

export function useScript(scriptId: string | null) {
  return useQuery({
    queryKey: classKeys.script(scriptId),
    queryFn: () => api.call(scriptEndpoints.script, { params: { scriptId: scriptId as string } }),
    enabled: Boolean(scriptId),
  });
}

/** A student's first password, set with the setup code the teacher handed out (no session needed). */
export const useSetPasswordWithCode = () =>
  useMutation({ mutationFn: (body: { userId: string; code: string; password: string }) => api.call(schoolEndpoints.setPasswordWithCode, { body }) });
