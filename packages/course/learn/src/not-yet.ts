// What a check throws when the exercise is not solved yet: a message for the learner, saying what
// the real mechanism expected and what the exercise did instead.

export class NotYet extends Error {
  override readonly name = 'NotYet';
}

/** Throws NotYet with `message` unless `condition` holds. */
export function expectThat(condition: boolean, message: string): asserts condition {
  if (!condition) throw new NotYet(message);
}

/** `work`, or NotYet with `message` once `milliseconds` pass without it settling. */
export async function within<Value>(work: Promise<Value>, milliseconds: number, message: string): Promise<Value> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new NotYet(message)), milliseconds);
  });
  try {
    return await Promise.race([work, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
