// The federation runtime's `satisfy(version, range)` builds a dozen regular expressions
// on every call, and the runtime calls it for every shared module each time one is asked for (the
// shell's bootstrap asks for ~20, each remote again): a tenth of main.js's scripting on a cold
// load. It is a pure function of its two strings, so the answers are kept. index.cjs points
// runtime-core's own import of its semver module here.
import { satisfy as satisfyEachTime } from '../../../node_modules/@module-federation/runtime-core/dist/utils/semver/index.js';

const answers = new Map();

export function satisfy(version, range) {
  const key = `${version}\u0000${range}`;
  let answer = answers.get(key);
  if (answer === undefined) {
    answer = satisfyEachTime(version, range);
    answers.set(key, answer);
  }
  return answer;
}
