// One helper for optional fields: the object with its undefined entries left out, so a field that
// has no value is absent rather than present as undefined (JSON, toStrictEqual and `in` tell the
// two apart). Host side, pure. Replaces `...(x === undefined ? {} : { x })`, one spread per field.

type KeysAlwaysDefined<T> = { [K in keyof T]-?: undefined extends T[K] ? never : K }[keyof T];
type KeysMaybeUndefined<T> = Exclude<keyof T, KeysAlwaysDefined<T>>;

/** `T` with every field that may be undefined made optional and never undefined. */
export type WithDefined<T> = {
  [K in keyof T as K extends KeysAlwaysDefined<T> ? K : never]: T[K];
} & {
  [K in keyof T as K extends KeysMaybeUndefined<T> ? K : never]?: Exclude<T[K], undefined>;
};

/** A copy of `fields` without the entries whose value is undefined: `{ ...withDefined({ limit, error }) }`. */
export function withDefined<T extends object>(fields: T): WithDefined<T> {
  const defined: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(fields)) if (value !== undefined) defined[key] = value;
  return defined as WithDefined<T>;
}
